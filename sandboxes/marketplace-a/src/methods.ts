import sharp from 'sharp';
import { invalid, missing } from './errors.js';
import type { Handler } from './gate.js';
import { LIMITS } from './limits.js';
import { checkProduct } from './product.js';
import { catalogMethods } from './catalogMethods.js';
import { productEditMethods } from './productEdits.js';
import { productReadMethods } from './productReads.js';
import { logisticsMethods } from './logistics.js';
import { tradeMethods } from './trade.js';
import type { SandboxState, StoredProduct } from './state.js';

/**
 * The methods the gateway serves (docs/marketplace-a.md), by name: the upload and the post here, the product reads
 * (productReads.ts) and changes (productEdits.ts), the catalogue (catalogMethods.ts), the order reads (trade.ts) and
 * logistics (logistics.ts). `baseUrl` is read when an image is
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
    'aliexpress.solution.product.post': (shop, params) => {
      const checked = checkProduct(params.post_product_request, shop, state);
      // Live at once: the sandbox has no review (docs/marketplace-a.md#product-post).
      const product: StoredProduct = {
        ...checked,
        productId: state.newProductId(),
        status: 'onSelling',
        createdAt: now(),
        updatedAt: now(),
      };
      state.products.set(product.productId, product);
      return { aliexpress_solution_product_post_response: { result: { product_id: Number(product.productId) } } };
    },
    ...productReadMethods(state),
    ...productEditMethods(state, now),
    ...catalogMethods(),
    ...tradeMethods(state, now),
    ...logisticsMethods(state, now),
  };
}
