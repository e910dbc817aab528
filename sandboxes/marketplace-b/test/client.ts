import sharp from 'sharp';
import { signature } from '../src/signing.js';
import type { ShopCredentials } from '../src/server.js';

/** A minimal signed client for the sandbox's own tests (the adapter has its own). */
export function clientFor(url: string, shop: ShopCredentials, opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  function signedUrl(path: string, extra: Record<string, string> = {}, body: Buffer | null = null, tweak?: (s: string) => string) {
    const params = new URLSearchParams({
      app_key: shop.app_key,
      timestamp: String(Math.floor(now() / 1000)),
      shop_cipher: shop.shop_cipher,
      ...extra,
    });
    const sign = signature(shop.app_secret, path, params, body);
    params.set('sign', tweak ? tweak(sign) : sign);
    return `${url}${path}?${params}`;
  }
  async function json(
    path: string,
    body: unknown,
    o: { query?: Record<string, string>; token?: string; tweak?: (s: string) => string } = {},
  ) {
    const raw = Buffer.from(JSON.stringify(body));
    const res = await fetch(signedUrl(path, o.query, raw, o.tweak), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tts-access-token': o.token ?? shop.access_token },
      body: raw,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { code: number; message: string; data: any } };
  }
  /** Any signed call: a JSON body (when given) is signed too. */
  async function call(method: string, path: string, body?: unknown, o: { query?: Record<string, string> } = {}) {
    const raw = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const res = await fetch(signedUrl(path, o.query, raw), {
      method,
      headers: { ...(raw ? { 'content-type': 'application/json' } : {}), 'x-tts-access-token': shop.access_token },
      ...(raw ? { body: raw } : {}),
    });
    return { status: res.status, body: (await res.json()) as { code: number; message: string; data: any } };
  }
  async function upload(bytes: Buffer, filename = 'a.png', useCase = 'MAIN_IMAGE') {
    const form = new FormData();
    form.set('data', new Blob([new Uint8Array(bytes)]), filename);
    form.set('use_case', useCase);
    const res = await fetch(signedUrl('/product/202309/images/upload'), {
      method: 'POST',
      headers: { 'x-tts-access-token': shop.access_token },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { code: number; message: string; data: any } };
  }
  return { signedUrl, json, call, upload };
}

export async function png(width: number, height: number, color = { r: 200, g: 40, b: 60 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}
export async function jpg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
}

export async function newShop(url: string): Promise<ShopCredentials> {
  const res = await fetch(`${url}/sandbox/shops`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return (await res.json()) as ShopCredentials;
}

/** A valid Create Product body: colour carries the images, size does not. */
export function productBody(mainUri: string, shop: ShopCredentials, o: { colors?: string[]; sizes?: string[]; key?: string } = {}) {
  const colors = o.colors ?? ['Red', 'Blue'];
  const sizes = o.sizes ?? ['S', 'M'];
  return {
    title: 'Sandbox cotton T-shirt',
    description: '<p>Soft cotton.</p>',
    category_id: '601226',
    main_images: [{ uri: mainUri }],
    skus: colors.flatMap((c) =>
      sizes.map((s) => ({
        seller_sku: `TS-${c}-${s}`,
        sales_attributes: [
          { name: 'Color', value_name: c, sku_img: { uri: mainUri } },
          { name: 'Size', value_name: s },
        ],
        price: { amount: '19.99', currency: 'USD' },
        inventory: [{ warehouse_id: shop.warehouse_id, quantity: 100 }],
      })),
    ),
    package_weight: { value: '0.3', unit: 'KILOGRAM' },
    package_dimensions: { length: '30', width: '20', height: '3', unit: 'CENTIMETER' },
    ...(o.key ? { idempotency_key: o.key } : {}),
  };
}
