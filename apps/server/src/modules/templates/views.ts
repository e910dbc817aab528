import type { Selectable } from 'kysely';
import type { AmazonTemplate, AmazonTemplateDetail, SimpleTemplate, TemplateKind, WalmartTemplate } from '@app/contract';
import type { ProductTemplateTable } from '../../db/schema.js';
import type { TemplateRecord } from './repo.js';

/** A stored template as the calls answer it (list and detail of each kind) and as the export reads it. */

/** A template as the export writes with it (rowForExport): the stored row, its JSON columns as text. */
export type TemplateRow = Selectable<ProductTemplateTable>;

/** A template as the export reads it (forExport, rowForExport parsed): the stored row with its JSON columns parsed. */
export interface TemplateForExport {
  id: number;
  owner_id: number;
  store_id: number;
  kind: TemplateKind;
  name: string;
  format: number;
  /** Simple kind: the column keys in order (SIMPLE_EXPORT_COLUMNS); [] for the others. */
  columns: string[];
  /** Column (or field) → the text written into every row. */
  fixed_values: Record<string, string>;
  site: string;
  category: string;
  feed_product_type: string;
  item_type: string;
  brand_name: string;
  manufacturer: string;
  department_name: string;
  bullet_point1: string;
  bullet_point2: string;
  bullet_point3: string;
  bullet_point4: string;
  bullet_point5: string;
  generic_keywords: string;
  product_description: string;
  quantity: number;
  /** '' = decided per product from its axes; else 'SizeColor' | 'Color' | 'Size'. */
  variation_theme: string;
  sku_prefix: string;
  product_type: string;
  /** diyImport's three rows (signature, labels, field names), or null for the built-in AMAZON_FLAT_FILE_FIELDS. */
  header_rows: string[][] | null;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
export const parseJson = <T>(text: string | null, fallback: T): T => (text === null ? fallback : (JSON.parse(text) as T));

const owned = (r: TemplateRecord) => ({
  id: r.id,
  store_id: r.store_id,
  store_name: r.store_name,
  name: r.name,
  owner_id: r.owner_id,
  username: r.username,
  createtime: seconds(r.created_at),
  updated_at: seconds(r.updated_at),
});

export const simpleView = (r: TemplateRecord): SimpleTemplate => ({
  ...owned(r),
  format: r.format,
  columns: parseJson<string[]>(r.columns, []),
  fixed_values: parseJson<Record<string, string>>(r.fixed_values, {}),
});

/** The large-marketplace fields of a row, as the detail and the export read them. */
export const amazonFields = (r: TemplateRow) => ({
  site: r.site,
  category: r.category,
  feed_product_type: r.feed_product_type,
  item_type: r.item_type,
  brand_name: r.brand_name,
  manufacturer: r.manufacturer,
  department_name: r.department_name,
  bullet_point1: r.bullet_point1,
  bullet_point2: r.bullet_point2,
  bullet_point3: r.bullet_point3,
  bullet_point4: r.bullet_point4,
  bullet_point5: r.bullet_point5,
  generic_keywords: r.generic_keywords,
  product_description: r.product_description,
  quantity: r.quantity,
  variation_theme: r.variation_theme,
  sku_prefix: r.sku_prefix,
});

export const amazonView = (r: TemplateRecord): AmazonTemplate => {
  const header = parseJson<string[][] | null>(r.header_rows, null);
  return {
    ...owned(r),
    ...amazonFields(r),
    custom: header !== null,
    custom_columns: header?.[2]?.length ?? 0,
  };
};
export const amazonDetail = (r: TemplateRecord): AmazonTemplateDetail => ({
  ...amazonView(r),
  header_rows: parseJson<string[][] | null>(r.header_rows, null),
});

export const walmartView = (r: TemplateRecord): WalmartTemplate => ({
  ...owned(r),
  product_type: r.product_type,
  brand_name: r.brand_name,
  manufacturer: r.manufacturer,
  quantity: r.quantity,
  sku_prefix: r.sku_prefix,
  product_description: r.product_description,
});
