/**
 * The columns of the listing files (docs/exports.md#what-the-files-hold), shared by the product templates (which choose among them)
 * and the export (which writes them). docs/exports.md describes both files.
 */

/** Format 6 / 9 (simplified Excel, Txt): the columns a seller reads, one row per variant, in this order. */
export const SIMPLE_EXPORT_COLUMNS = [
  'finished_id',
  'product_name',
  'export_name',
  'color',
  'size',
  'sku',
  'price',
  'crossed_out_price',
  'keyword',
  'main_image_url',
  'other_image_urls',
] as const;
export type SimpleExportColumn = (typeof SIMPLE_EXPORT_COLUMNS)[number];

/** The large-marketplace clothing flat file's field row (row 3), in order, when no diyImport template is used. */
export const AMAZON_FLAT_FILE_FIELDS = [
  'feed_product_type',
  'item_sku',
  'brand_name',
  'item_name',
  'external_product_id',
  'external_product_id_type',
  'item_type',
  'color_name',
  'color_map',
  'size_name',
  'size_map',
  'department_name',
  'standard_price',
  'list_price',
  'quantity',
  // A made-to-order shop's handling days (docs/publishing.md#stock); empty otherwise.
  'fulfillment_latency',
  'main_image_url',
  'other_image_url1',
  'other_image_url2',
  'other_image_url3',
  'other_image_url4',
  'other_image_url5',
  'other_image_url6',
  'other_image_url7',
  'other_image_url8',
  'parent_child',
  'parent_sku',
  'relationship_type',
  'variation_theme',
  'update_delete',
  'product_description',
  'manufacturer',
  'bullet_point1',
  'bullet_point2',
  'bullet_point3',
  'bullet_point4',
  'bullet_point5',
  'generic_keywords',
] as const;

/** The variation themes of the flat file; '' on a template means "decided per product from its axes". */
export const VARIATION_THEMES = ['SizeColor', 'Color', 'Size'] as const;
export type VariationTheme = (typeof VARIATION_THEMES)[number];

/** The product template kinds (migration 0015). */
export const TEMPLATE_KINDS = ['amazon', 'simple', 'walmart'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
