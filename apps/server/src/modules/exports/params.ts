import type { ExportKind, ListingStock, TitleSettings } from '@app/contract';
import type { Caller } from '../../http/auth.js';
import type { Pricing } from '../priceTemplates/index.js';
import type { TemplateRow } from '../templates/index.js';
import type { Layout } from './rows.js';

/** What an export call fixes for its job (export_record.params). */
export interface ExportParams {
  caller: Caller;
  kind: ExportKind;
  layout: Layout;
  format: number;
  /** The families the file writes, in order: products, and combinations (each one family, docs/exports.md#combinations). */
  ids: number[];
  /** The products those list (combinations' childs in their place); absent in records made before: `ids`. */
  members?: number[];
  template: TemplateRow;
  /** The template's numbers and rules; template 0's built in at the rate of the call (docs/pricing-templates.md#template-0). */
  pricing: Pricing;
  domainId: number;
  watermark: { id: number; version: number; rule: 'none' | 'main' | 'all' };
  platform: number;
  /** The stock the rows carry (docs/publishing.md#stock); absent in records made before it: the template's quantity. */
  stock?: ListingStock;
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
  /** The product whose rows name it (a combination's child: its own, so withdrawing the child's copies ends it). */
  owner?: number;
}

/** A fresh image of a product the page wrote (a refused product's images are not published). */
export interface WrittenImage extends FreshImage {
  finishedId: number;
}
