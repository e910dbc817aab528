import type { PriceTemplateNumbers, ExportKind, TitleSettings } from '@app/contract';
import type { Caller } from '../../http/auth.js';
import type { TemplateRow } from '../templates/index.js';
import type { Layout } from './rows.js';

/** What an export call fixes for its job (export_record.params). */
export interface ExportParams {
  caller: Caller;
  kind: ExportKind;
  layout: Layout;
  format: number;
  ids: number[];
  template: TemplateRow;
  pricing: PriceTemplateNumbers | null;
  domainId: number;
  watermark: { id: number; version: number; rule: 'none' | 'main' | 'all' };
  platform: number;
  type: number;
  isBallUniform: number;
  /** The chosen title template and keyword set as plain data (docs/listing-tools.md#titles); null: none. */
  titles?: TitleSettings | null;
}

/** An image a page of the file names for the first time: published once the page is written. */
export interface FreshImage {
  name: string;
  blob: string;
  watermarked: boolean;
}

/** A fresh image of a product the page wrote (a refused product's images are not published). */
export interface WrittenImage extends FreshImage {
  finishedId: number;
}
