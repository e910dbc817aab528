import type { ChildRow, FinishedAttr } from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { VariantRecord } from './repo.js';

/** A variant's images: its size's own, else its colour's. */
export const attrImages = (a: VariantRecord) => {
  const own = parseJsonColumn<string[]>(a.img_urls, []);
  return own.length ? own : parseJsonColumn<string[]>(a.child_img_urls, []);
};

/** A size variant as the edit drawer and the batch edit page show it. */
export const attrView = (a: VariantRecord): FinishedAttr => {
  const img_urls = attrImages(a);
  return {
    id: a.id,
    key_id: a.key_id,
    finished_id: a.finished_id,
    sku_id: a.sku_id,
    color: a.color,
    size: a.size,
    export_name: a.export_name,
    material_img_name: a.material_img_name,
    keyword: a.keyword,
    material_color: a.material_color,
    price: a.price,
    as_parent: a.as_parent,
    img_urls,
    thumb: img_urls[0] ?? '',
  };
};

/** A size variant as the add-to-cart and re-design lists show it. */
export const childRowView = (a: VariantRecord): ChildRow => ({
  id: a.id,
  key_id: a.key_id,
  finished_id: a.finished_id,
  finished_key_id: a.finished_key_id,
  product_id: a.product_id,
  sku_id: a.sku_id,
  color: a.color,
  size: a.size,
  price: a.price,
  thumb: attrImages(a)[0] ?? '',
  as_parent: a.as_parent,
});
