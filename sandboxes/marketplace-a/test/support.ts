import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { signIop } from '../src/signing.js';
import type { ShopCredentials } from '../src/server.js';

/** A minimal signed client for the sandbox's own tests (written here, not taken from the product's adapter). */
export interface CallOptions {
  timestamp?: number;
  session?: string;
  /** Changes the sign after computing it (a wrong or lower-case sign). */
  tamper?: (sign: string) => string;
  file?: { bytes: Buffer; name: string; type: string };
  /** Send the parameters as a JSON body instead of the query. */
  json?: boolean;
}

export async function gateway(
  url: string,
  shop: ShopCredentials,
  method: string,
  api: Record<string, string>,
  now: number,
  o: CallOptions = {},
): Promise<any> {
  const params: Record<string, string> = {
    app_key: shop.app_key,
    method,
    session: o.session ?? shop.access_token,
    sign_method: 'sha256',
    timestamp: String(o.timestamp ?? now),
    format: 'json',
    ...api,
  };
  const sign = signIop(shop.app_secret, '', params);
  params.sign = o.tamper ? o.tamper(sign) : sign;
  if (o.json) {
    const res = await fetch(`${url}/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    return res.json();
  }
  if (o.file) {
    const form = new FormData();
    form.append('image_bytes', new Blob([new Uint8Array(o.file.bytes)], { type: o.file.type }), o.file.name);
    const res = await fetch(`${url}/sync?${new URLSearchParams(params)}`, { method: 'POST', body: form });
    return res.json();
  }
  const res = await fetch(`${url}/sync`, { method: 'POST', body: new URLSearchParams(params) });
  return res.json();
}

export async function refresh(
  url: string,
  shop: ShopCredentials,
  refreshToken: string,
  now: number,
  apiPathForSign = '/auth/token/refresh',
): Promise<any> {
  const params: Record<string, string> = {
    app_key: shop.app_key,
    refresh_token: refreshToken,
    sign_method: 'sha256',
    timestamp: String(now),
  };
  params.sign = signIop(shop.app_secret, apiPathForSign, params);
  const res = await fetch(`${url}/rest/auth/token/refresh`, { method: 'POST', body: new URLSearchParams(params) });
  return res.json();
}

export const png = (w: number, h: number, noise = false) =>
  noise
    ? sharp(randomBytes(w * h * 3), {
        raw: { width: w, height: h, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer()
    : sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 30 } } })
        .png()
        .toBuffer();
export const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 30, b: 200 } } })
    .jpeg()
    .toBuffer();

/** The gateway's method names the tests call. */
export const METHODS = {
  upload: 'aliexpress.photobank.redefining.uploadimageforsdk',
  post: 'aliexpress.solution.product.post',
} as const;

/** The answer object of a call (`{method_with_underscores}_response`). */
export const responseOf = (method: string, body: any) => body[`${method.replace(/\./g, '_')}_response`];

/** Uploads a PNG to the shop's photo bank; answers its URL. */
export async function uploadImage(url: string, shop: ShopCredentials, now: number, side = 400): Promise<string> {
  const up = await gateway(url, shop, METHODS.upload, { file_name: 'a.png' }, now, {
    file: { bytes: await png(side, side), name: 'a.png', type: 'image/png' },
  });
  return responseOf(METHODS.upload, up).result.photobank_url;
}

/**
 * A tee with two size SKUs, TEE-M (19.99, discount 15.99) and TEE-L (21.00): the smallest product post the sandbox
 * accepts, shared by the tests that need a live product rather than the post itself.
 */
export function teeRequest(image: string, subject: string, o: { inventory?: number; deliveryTime?: number } = {}) {
  const sku = (code: string, size: string, price: number, discount?: number) => ({
    sku_code: code,
    price,
    ...(discount === undefined ? {} : { discount_price: discount }),
    inventory: o.inventory ?? 10,
    sku_attributes_list: [{ sku_attribute_name_id: 5, sku_attribute_value: size }],
  });
  return {
    aliexpress_category_id: 200000346,
    main_image_urls_list: [image],
    multi_language_subject_list: [{ language: 'en', subject }],
    multi_language_description_list: [{ language: 'en', web_detail: '<p>Soft</p>' }],
    weight: 0.2,
    package_length: 30,
    package_width: 20,
    package_height: 3,
    freight_template_id: '1000',
    service_policy_id: '2000',
    product_unit: '100000015',
    ...(o.deliveryTime === undefined ? {} : { delivery_time: o.deliveryTime }),
    sku_info_list: [sku('TEE-M', 'M', 19.99, 15.99), sku('TEE-L', 'L', 21)],
  };
}

/** Posts teeRequest; answers the product id. */
export async function postTee(url: string, shop: ShopCredentials, now: number, image: string, subject: string, o = {}) {
  const body = await gateway(url, shop, METHODS.post, { post_product_request: JSON.stringify(teeRequest(image, subject, o)) }, now);
  return String(responseOf(METHODS.post, body).result.product_id);
}
