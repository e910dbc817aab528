import { GatewayError, invalid, missing } from './errors.js';
import type { Handler } from './gate.js';
import { LIMITS } from './limits.js';
import { checkInventory, checkSkuPrice, checkSubjects, isObj, parseJsonParam, present, type Obj } from './product.js';
import { shopProduct } from './productReads.js';
import type { ProductStatus, SandboxState, Shop, StoredProduct, StoredSku } from './state.js';

/**
 * The seller's changes to live products (docs/marketplace-a.md#managing-products): the edit, the batch price update,
 * offline / online and delete. Each checks the whole request before it changes anything.
 */

// The edit's fields the sandbox applies; any other is refused rather than silently dropped (sandbox's choice).
const EDITABLE = new Set(['product_id', 'language', 'multi_language_subject_list', 'sku_info_list']);

interface PriceChange {
  sku: StoredSku;
  price: number;
  discount: number | undefined;
  inventory?: number;
}

/** A list of `{sku_code, price, discount_price?, inventory?}` for product `p`, checked with the post's rules. */
function priceChanges(p: StoredProduct, list: unknown, path: string, max: number): PriceChange[] {
  if (!Array.isArray(list) || !list.every(isObj)) throw invalid('isv.invalid-type', `${path} must be a list of objects`);
  if (list.length === 0) throw missing(path);
  if (list.length > max) throw invalid('isv.sku-count', `${path} holds ${list.length} SKUs, at most ${max}`);
  const seen = new Set<string>();
  return (list as Obj[]).map((s, i) => {
    const at = `${path}[${i}]`;
    if (!present(s.sku_code)) throw missing(`${at}.sku_code`);
    const code = String(s.sku_code);
    const sku = p.skus.find((x) => x.sku_code === code);
    // SKUs are matched by sku_code; adding or removing SKUs is not an edit the sandbox makes (sandbox's choice).
    if (!sku) throw invalid('isv.sku-code-unknown', `${at}.sku_code ${code} is not a SKU of product ${p.productId}`);
    if (seen.has(code)) throw invalid('isv.sku-code-duplicate', `${at}.sku_code ${code} is used twice`);
    seen.add(code);
    const { price, discount } = checkSkuPrice(s, at);
    return { sku, price, discount, ...(present(s.inventory) ? { inventory: checkInventory(s, at) } : {}) };
  });
}

// A price change without discount_price erases the SKU's discount, as the batch price update documents.
function apply(changes: PriceChange[]) {
  for (const c of changes) {
    c.sku.price = c.price;
    if (c.discount === undefined) delete c.sku.discount_price;
    else c.sku.discount_price = c.discount;
    if (c.inventory !== undefined) c.sku.inventory = c.inventory;
  }
}

/** `product_ids` "1;2;3" (semicolons, as AliExpress documents), each a whole number, at most `max`; duplicates once. */
function productIds(raw: string | undefined, separator: RegExp, max: number): string[] {
  if (!raw) throw missing('product_ids');
  const ids = [...new Set(raw.split(separator).map((s) => s.trim()))].filter((s) => s !== '');
  if (ids.length === 0) throw missing('product_ids');
  if (ids.some((id) => !/^\d+$/.test(id))) throw invalid('isv.invalid-parameter', 'product_ids must be product ids');
  if (ids.length > max) throw invalid('isv.product-ids-count', `product_ids holds ${ids.length} ids, at most ${max}`);
  return ids;
}

export function productEditMethods(state: SandboxState, now: () => number): Record<string, Handler> {
  /** Offline or online: each product answered on its own; failures grouped by error_code (codes: sandbox's choice). */
  const setStatus = (shop: Shop, raw: string | undefined, to: ProductStatus) => {
    const ids = productIds(raw, /;/, LIMITS.statusChangeIdsMax);
    const failed = new Map<string, number[]>();
    let modified = 0;
    for (const id of ids) {
      const p = state.products.get(id);
      const code = !p || p.shopId !== shop.id ? 'isv.product-not-found' : p.status === to ? `isv.product-already-${to}` : null;
      if (code) failed.set(code, [...(failed.get(code) ?? []), Number(id)]);
      else {
        p!.status = to;
        p!.updatedAt = now();
        modified++;
      }
    }
    return {
      success: failed.size === 0,
      modify_count: modified,
      ...(failed.size
        ? {
            error_details: {
              error_detail: [...failed].map(([error_code, list]) => ({ error_code, product_ids: { number: list } })),
            },
          }
        : {}),
    };
  };

  return {
    'aliexpress.solution.product.edit': (shop, params) => {
      const req = parseJsonParam(params.edit_product_request, 'edit_product_request');
      const p = shopProduct(state, shop, present(req.product_id) ? String(req.product_id) : undefined, 'edit_product_request.product_id');
      const unsupported = Object.keys(req).filter((k) => !EDITABLE.has(k));
      if (unsupported.length)
        throw invalid('isv.edit-field-unsupported', `the sandbox edits subject and SKU prices only, not ${unsupported.join(', ')}`);
      if (!present(req.multi_language_subject_list) && !present(req.sku_info_list))
        throw missing('edit_product_request.multi_language_subject_list or sku_info_list');
      const subject = present(req.multi_language_subject_list) ? checkSubjects(req.multi_language_subject_list, p.language) : undefined;
      const changes = present(req.sku_info_list) ? priceChanges(p, req.sku_info_list, 'sku_info_list', LIMITS.skusMax) : [];
      if (subject !== undefined) p.subject = subject;
      apply(changes);
      p.updatedAt = now();
      return { aliexpress_solution_product_edit_response: { result: { product_id: Number(p.productId) } } };
    },
    // Up to 20 products of up to 200 SKUs; each product succeeds or fails whole, and update_success is true only when
    // every product succeeded. A product's refusal carries the post's sub_code and msg.
    'aliexpress.solution.batch.product.price.update': (shop, params) => {
      const raw = params.mutiple_product_update_list;
      if (!raw) throw missing('mutiple_product_update_list');
      let list: unknown;
      try {
        list = JSON.parse(raw);
      } catch {
        throw invalid('isv.invalid-json', 'mutiple_product_update_list is not valid JSON');
      }
      if (!Array.isArray(list) || !list.every(isObj)) throw invalid('isv.invalid-type', 'mutiple_product_update_list must be a list');
      if (list.length === 0) throw missing('mutiple_product_update_list');
      if (list.length > LIMITS.priceUpdateProductsMax)
        throw invalid(
          'isv.product-count',
          `mutiple_product_update_list holds ${list.length} products, at most ${LIMITS.priceUpdateProductsMax}`,
        );
      const ok: { product_id: number }[] = [];
      const failed: { product_id: number; error_code: string; error_message: string }[] = [];
      (list as Obj[]).forEach((item, i) => {
        const id = present(item.product_id) ? String(item.product_id) : '';
        try {
          const p = shopProduct(state, shop, id || undefined, `mutiple_product_update_list[${i}].product_id`);
          apply(
            priceChanges(
              p,
              item.multiple_sku_update_list,
              `mutiple_product_update_list[${i}].multiple_sku_update_list`,
              LIMITS.priceUpdateSkusMax,
            ),
          );
          p.updatedAt = now();
          ok.push({ product_id: Number(id) });
        } catch (e) {
          if (!(e instanceof GatewayError)) throw e;
          failed.push({ product_id: Number(id) || 0, error_code: e.subCode ?? e.code, error_message: e.msg });
        }
      });
      return {
        aliexpress_solution_batch_product_price_update_response: {
          update_success: failed.length === 0,
          update_successful_list: { synchronize_product_response_dto: ok },
          update_failed_list: { synchronize_product_response_dto: failed },
        },
      };
    },
    'aliexpress.postproduct.redefining.offlineaeproduct': (shop, params) => ({
      aliexpress_postproduct_redefining_offlineaeproduct_response: { result: setStatus(shop, params.product_ids, 'offline') },
    }),
    'aliexpress.postproduct.redefining.onlineaeproduct': (shop, params) => ({
      aliexpress_postproduct_redefining_onlineaeproduct_response: { result: setStatus(shop, params.product_ids, 'onSelling') },
    }),
    // No way back: the products leave the shop (list, info, page). All or nothing: one id that is not the shop's
    // refuses the call and deletes none (sandbox's choice; AliExpress documents no per-product answer).
    'aliexpress.solution.batch.product.delete': (shop, params) => {
      const ids = productIds(params.product_ids, /[,;]/, LIMITS.deleteIdsMax);
      for (const id of ids) shopProduct(state, shop, id, 'product_ids');
      for (const id of ids) state.products.delete(id);
      return { aliexpress_solution_batch_product_delete_response: {} };
    },
  };
}
