import { business, invalid, missing } from './errors.js';
import type { Handler } from './gate.js';
import { parseJsonParam } from './product.js';
import { PRODUCT_STATUSES, type SandboxState, type Shop, type StoredProduct } from './state.js';

/**
 * The seller's reads of its products (docs/marketplace-a.md#managing-products): the list by status and one product
 * with its SKUs. Only the calling shop's products are seen; a deleted product is gone from both.
 */

/** The shop's product `id`, else `50 isv.product-not-found` (another shop's product answers the same). */
export function shopProduct(state: SandboxState, shop: Shop, id: string | undefined, field = 'product_id'): StoredProduct {
  if (id === undefined || id === '') throw missing(field);
  const p = state.products.get(id);
  if (!p || p.shopId !== shop.id) throw business('isv.product-not-found', `${field} ${id} is not a product of this shop`);
  return p;
}

export function productReadMethods(state: SandboxState): Record<string, Handler> {
  return {
    'aliexpress.solution.product.list.get': (shop, params) => {
      const q = parseJsonParam(params.aeop_a_e_product_list_query, 'aeop_a_e_product_list_query');
      const status = q.product_status_type;
      if (!status) throw missing('aeop_a_e_product_list_query.product_status_type');
      if (!(PRODUCT_STATUSES as readonly unknown[]).includes(status))
        throw invalid('isv.invalid-parameter', 'aeop_a_e_product_list_query.product_status_type is not a status');
      const page = Math.max(1, Number(q.current_page ?? 1) || 1);
      const size = Math.min(100, Math.max(1, Number(q.page_size ?? 20) || 20));
      // subject matches a part of the title, ignoring case (sandbox's choice: AliExpress names the field, not its match).
      const subject = typeof q.subject === 'string' && q.subject !== '' ? q.subject.toLowerCase() : undefined;
      const all = [...state.products.values()].filter(
        (p) =>
          p.shopId === shop.id &&
          p.status === status &&
          (subject === undefined || p.subject.toLowerCase().includes(subject)) &&
          (q.sku_code === undefined || p.skus.some((s) => s.sku_code === String(q.sku_code))) &&
          (q.product_id === undefined || p.productId === String(q.product_id)),
      );
      const items = all.slice((page - 1) * size, page * size).map((p) => ({
        product_id: Number(p.productId),
        subject: p.subject,
        image_u_r_ls: p.images.join(';'),
        product_min_price: Math.min(...p.skus.map((s) => s.price)).toFixed(2),
        product_max_price: Math.max(...p.skus.map((s) => s.price)).toFixed(2),
        freight_template_id: Number(p.freightTemplateId),
        gmt_create: new Date(p.createdAt).toISOString(),
        gmt_modified: new Date(p.updatedAt).toISOString(),
        // Not among AliExpress's list fields (sandbox's choice): the sum of the SKUs' inventory.
        product_stock: p.skus.reduce((n, s) => n + s.inventory, 0),
      }));
      return {
        aliexpress_solution_product_list_get_response: {
          result: {
            success: true,
            current_page: page,
            product_count: all.length,
            total_page: Math.ceil(all.length / size),
            aeop_a_e_product_display_d_t_o_list: { item_display_dto: items },
          },
        },
      };
    },
    'aliexpress.solution.product.info.get': (shop, params) => {
      const p = shopProduct(state, shop, params.product_id);
      return {
        aliexpress_solution_product_info_get_response: {
          result: {
            product_id: Number(p.productId),
            subject: p.subject,
            aliexpress_category_id: p.categoryId,
            product_status_type: p.status,
            freight_template_id: Number(p.freightTemplateId),
            image_u_r_ls: p.images.join(';'),
            gmt_modified: new Date(p.updatedAt).toISOString(),
            aeop_ae_product_s_k_us: {
              global_aeop_ae_product_sku: p.skus.map((s) => ({
                id: s.id,
                sku_code: s.sku_code,
                sku_price: s.price.toFixed(2),
                ...(s.discount_price !== undefined ? { sku_discount_price: s.discount_price.toFixed(2) } : {}),
                ipm_sku_stock: s.inventory,
                sku_stock: s.inventory > 0,
                aeop_s_k_u_property_list: {
                  global_aeop_sku_property: s.attributes.map((a) => ({
                    sku_property_id: a.sku_attribute_name_id,
                    ...(a.sku_attribute_value_id !== undefined ? { property_value_id: a.sku_attribute_value_id } : {}),
                    ...(a.sku_attribute_value !== undefined ? { property_value_definition_name: a.sku_attribute_value } : {}),
                    ...(a.sku_image_url ? { sku_image: a.sku_image_url } : {}),
                  })),
                },
              })),
            },
          },
        },
      };
    },
  };
}
