import { SIMPLE_EXPORT_COLUMNS, type SimpleExportColumn } from '@app/contract';
import { parseJsonColumn } from '../../../db/json.js';
import type { TemplateRow } from '../../templates/index.js';
import type { Cell, VariantRow } from './context.js';

/** The simplified Excel (format 6) and Txt (format 9) files: the template's chosen columns, one row per variant. */

/** Format 6 / 9 column headers (zh: the seller's language on these files). */
export const SIMPLE_COLUMN_LABELS: Record<SimpleExportColumn, string> = {
  finished_id: '成品编号',
  product_name: '产品',
  export_name: '导出名称',
  color: '颜色',
  size: '尺码',
  sku: 'SKU',
  price: '价格',
  crossed_out_price: '划线价',
  keyword: '关键词',
  main_image_url: '主图',
  other_image_urls: '附图',
};

/** The template's columns, in its order; every column when it chose none. */
export function simpleColumns(t: TemplateRow): SimpleExportColumn[] {
  const chosen = parseJsonColumn<string[]>(t.columns, []).filter((c): c is SimpleExportColumn =>
    (SIMPLE_EXPORT_COLUMNS as readonly string[]).includes(c),
  );
  return chosen.length ? chosen : [...SIMPLE_EXPORT_COLUMNS];
}

/** One variant's row. */
export function simpleRow(r: VariantRow): Record<string, Cell> {
  const { p, c, v, urls, own } = r;
  return {
    finished_id: p.keyId,
    product_name: p.productName,
    export_name: own.title,
    color: c.en,
    size: v.sizeEn,
    sku: r.sku,
    price: r.price,
    crossed_out_price: r.crossedOut ?? '',
    keyword: own.keyword,
    main_image_url: urls[0] ?? '',
    other_image_urls: urls.slice(1).join(','),
  };
}
