import type { DesignArea, DesignDocument } from '@app/design';
import type { MessageKey } from '@app/contract';
import type { RawImage } from '../images/sharp.js';

// What the compose engine is asked (a task) and what it answers (engine.ts; run on worker threads by composer.ts):
// plain data, as tasks and answers cross threads.

/** What composition needs of a product (a subset of the catalogue's ProductSpec). */
export interface ComposeAreaSpec {
  id: string;
  bbox: { x: number; y: number; width: number; height: number };
  print: { width: number; height: number };
}
export interface ComposeViewSpec {
  id: string;
  width: number;
  height: number;
  bases: Record<string, string>;
  shading: string;
  highlight?: string | undefined;
  mask?: string | undefined;
  placements: { area: string; x: number; y: number; width: number; height: number }[];
}
export interface ComposeProductSpec {
  areas: ComposeAreaSpec[];
  views: ComposeViewSpec[];
}

export type ComposeTask =
  /** One design area's print image (POST /api/design/compose). */
  | { kind: 'area'; area: DesignArea; spec: ComposeAreaSpec }
  /** Prints of every designed area and the mockups of the given colours (synthesis, mockup preview). */
  | { kind: 'product'; design: DesignDocument; spec: ComposeProductSpec; colors: string[]; thumbs: boolean };

export interface AreaResult {
  url: string;
  key: string;
  width: number;
  height: number;
}
export interface ProductResult {
  /** Print image URL per design area id (areas with content only). */
  prints: Record<string, string>;
  /** Mockup URLs per colour name, one per view shown. */
  mockups: Record<string, string[]>;
  /** A small JPEG of each colour's first mockup (list thumbnails). */
  thumbs: Record<string, string>;
}

/** An expected failure with a message for the seller (docs/messages.md#editor-messages); crosses threads as data. */
export class ComposeError extends Error {
  constructor(
    readonly key: MessageKey,
    detail?: string,
  ) {
    super(detail ?? key);
  }
}

export type ComposeOutcome<T> = { ok: true; value: T } | { ok: false; key: MessageKey; detail: string };

export type Raw = RawImage;

/** Where a print is placed on a mockup, in the view's pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
