import sharp from 'sharp';
import { business, invalid, missing } from './errors.js';
import type { Handler } from './gate.js';
import { LIMITS } from './limits.js';
import { checkProduct } from './product.js';
import { CATEGORIES } from './catalog.js';
import { logisticsMethods } from './logistics.js';
import { tradeMethods } from './trade.js';
import type { SandboxState, StoredProduct } from './state.js';

/**
 * The methods the gateway serves (docs/marketplace-a.md), by name: the product APIs here, the order reads
 * (trade.ts) and logistics (logistics.ts). `baseUrl` is read when an image is
 * stored: the sandbox learns its address only once it listens.
 */
export function gatewayMethods(state: SandboxState, now: () => number, baseUrl: () => string): Record<string, Handler> {
  return {
    'aliexpress.photobank.redefining.uploadimageforsdk': async (shop, params, upload) => {
      if (!params.file_name) throw missing('file_name');
      if (!upload) throw missing('image_bytes');
      if (upload.truncated) throw invalid('isv.image-size', `image_bytes is larger than ${LIMITS.imageBytesMax / 1024 / 1024} MB`);
      const meta = await sharp(upload.bytes)
        .metadata()
        .catch(() => null);
      if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png'))
        throw invalid('isv.image-format', 'image_bytes must be a JPG or PNG image');
      const w = meta.width ?? 0;
      const h = meta.height ?? 0;
      if (Math.min(w, h) < LIMITS.imageSideMin || Math.max(w, h) > LIMITS.imageSideMax)
        throw invalid(
          'isv.image-dimensions',
          `image_bytes is ${w}×${h} px; each side must be ${LIMITS.imageSideMin}–${LIMITS.imageSideMax} px`,
        );
      const img = state.addImage(shop.id, meta.format === 'png' ? 'image/png' : 'image/jpeg', upload.bytes, w, h, baseUrl());
      return {
        aliexpress_photobank_redefining_uploadimageforsdk_response: {
          result: { success: true, photobank_url: img.url, photobank_id: img.id, width: w, height: h },
        },
      };
    },
    // The seller's category tree: a call that reads nothing of the shop's products, as a connection check makes it
    // (docs/marketplace-a.md#categories). category_id 0 (or none) answers the top level, else that category's children.
    'aliexpress.solution.seller.category.tree.query': (_shop, params) => {
      const parent = params.category_id === undefined || params.category_id === '' ? 0 : Number(params.category_id);
      if (!Number.isInteger(parent) || parent < 0) throw invalid('isv.invalid-parameter', 'category_id must be a category id or 0');
      const children = CATEGORIES.filter((c) => (parent === 0 ? c.parent === null : c.parent === parent));
      return {
        aliexpress_solution_seller_category_tree_query_response: {
          is_success: true,
          children_category_list: {
            category_info: children.map((c) => ({
              children_category_id: c.id,
              is_leaf_category: !CATEGORIES.some((x) => x.parent === c.id),
              level: c.parent === null ? 1 : 2,
              multi_language_names: JSON.stringify({ en: c.name }),
            })),
          },
        },
      };
    },
    'aliexpress.solution.product.post': (shop, params) => {
      const checked = checkProduct(params.post_product_request, shop, state);
      const product: StoredProduct = { ...checked, productId: state.newProductId(), createdAt: now() };
      state.products.set(product.productId, product);
      return { aliexpress_solution_product_post_response: { result: { product_id: Number(product.productId) } } };
    },
    'aliexpress.solution.product.list.get': (shop, params) => {
      const raw = params.aeop_a_e_product_list_query;
      if (!raw) throw missing('aeop_a_e_product_list_query');
      let q: Record<string, unknown>;
      try {
        q = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        throw invalid('isv.invalid-json', 'aeop_a_e_product_list_query is not valid JSON');
      }
      const status = q.product_status_type;
      if (!status) throw missing('aeop_a_e_product_list_query.product_status_type');
      if (!['onSelling', 'offline', 'auditing', 'editingRequired'].includes(String(status)))
        throw invalid('isv.invalid-parameter', 'aeop_a_e_product_list_query.product_status_type is not a status');
      const page = Math.max(1, Number(q.current_page ?? 1) || 1);
      const size = Math.min(100, Math.max(1, Number(q.page_size ?? 20) || 20));
      const all = [...state.products.values()].filter(
        (p) =>
          p.shopId === shop.id &&
          status === 'onSelling' &&
          (q.sku_code === undefined || p.skus.some((s) => s.sku_code === String(q.sku_code))) &&
          (q.product_id === undefined || p.productId === String(q.product_id)),
      );
      const items = all.slice((page - 1) * size, page * size).map((p) => ({
        product_id: Number(p.productId),
        subject: p.subject,
        image_u_r_ls: p.images.join(';'),
        product_min_price: Math.min(...p.skus.map((s) => s.price)).toFixed(2),
        product_max_price: Math.max(...p.skus.map((s) => s.price)).toFixed(2),
        gmt_create: new Date(p.createdAt).toISOString(),
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
      if (!params.product_id) throw missing('product_id');
      const p = state.products.get(params.product_id);
      if (!p || p.shopId !== shop.id)
        throw business('isv.product-not-found', `product_id ${params.product_id} is not a product of this shop`);
      return {
        aliexpress_solution_product_info_get_response: {
          result: {
            product_id: Number(p.productId),
            subject: p.subject,
            aliexpress_category_id: p.categoryId,
            product_status_type: 'onSelling',
            image_u_r_ls: p.images.join(';'),
            aeop_ae_product_s_k_us: {
              global_aeop_ae_product_sku: p.skus.map((s) => ({
                id: s.id,
                sku_code: s.sku_code,
                sku_price: s.price.toFixed(2),
                ...(s.discount_price !== undefined ? { sku_discount_price: s.discount_price.toFixed(2) } : {}),
                ipm_sku_stock: s.inventory,
                sku_stock: true,
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
    ...tradeMethods(state, now),
    ...logisticsMethods(state, now),
  };
}
