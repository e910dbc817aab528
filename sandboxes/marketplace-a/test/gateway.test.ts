import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceA, type MarketplaceA, type ShopCredentials } from '../src/index.js';
import { signIop } from '../src/signing.js';
import { gateway, jpeg, METHODS, png, refresh } from './support.js';

// The sandbox's own tests over real HTTP (docs/marketplace-a.md). The clock is the test's: time moves only when a test moves it.
let t = Date.UTC(2026, 10, 1, 9, 0, 0);
let sandbox: MarketplaceA;
let shop: ShopCredentials;
let other: ShopCredentials;
const imageUrls: string[] = [];
let otherShopImage = '';

const UPLOAD = METHODS.upload;
const POST = METHODS.post;
const LIST = 'aliexpress.solution.product.list.get';
const INFO = 'aliexpress.solution.product.info.get';
const TSHIRT_LEAF = 200000346;
// Stand-ins for the uploaded images' URLs in the case table (built before the uploads run).
const IMG0 = '<image 0>';
const IMG1 = '<image 1>';

const call = (method: string, api: Record<string, string> = {}, o = {}, s = shop) => gateway(sandbox.url, s, method, api, t, o);
const err = (body: any) => body.error_response as { type: string; code: string; msg: string; sub_code?: string; request_id: string };
const listQuery = (q: object) => ({ aeop_a_e_product_list_query: JSON.stringify({ product_status_type: 'onSelling', ...q }) });

async function upload(bytes: Buffer, name = 'a.png', type = 'image/png', s = shop) {
  return call(UPLOAD, { file_name: name }, { file: { bytes, name, type } }, s);
}

function validProduct(over: Record<string, unknown> = {}, skuOver: Record<string, unknown> = {}) {
  return {
    aliexpress_category_id: TSHIRT_LEAF,
    brand_name: 'NoBrand',
    language: 'en',
    main_image_urls_list: imageUrls.slice(0, 2),
    multi_language_subject_list: [{ language: 'en', subject: 'Cotton T-shirt with a cat' }],
    multi_language_description_list: [{ language: 'en', web_detail: '<p>Soft cotton</p>', mobile_detail: '<p>Soft cotton</p>' }],
    attribute_list: [{ attribute_name: 'Material', attribute_value: 'Cotton' }],
    weight: 0.2,
    package_length: 30,
    package_width: 20,
    package_height: 3,
    freight_template_id: '1000',
    service_policy_id: '2000',
    product_unit: '100000015',
    sku_info_list: [
      {
        sku_code: 'TS1-BLK-M',
        price: 19.99,
        discount_price: 15.99,
        inventory: 100,
        sku_attributes_list: [
          { sku_attribute_name_id: 14, sku_attribute_value: 'Black', sku_image_url: imageUrls[0] },
          { sku_attribute_name_id: 5, sku_attribute_value: 'M' },
        ],
        ...skuOver,
      },
      {
        sku_code: 'TS1-BLK-L',
        price: 21,
        inventory: 100,
        sku_attributes_list: [
          { sku_attribute_name_id: 14, sku_attribute_value: 'Black', sku_image_url: imageUrls[0] },
          { sku_attribute_name_id: 5, sku_attribute_value: 'L' },
        ],
      },
    ],
    ...over,
  };
}
const post = (req: unknown, s = shop) => call(POST, { post_product_request: JSON.stringify(req) }, {}, s);

beforeAll(async () => {
  sandbox = await startMarketplaceA({ now: () => t, ratePerSecond: 1000, banSeconds: 2 });
  shop = sandbox.createShop({ name: 'shop-a' });
  other = sandbox.createShop({ name: 'shop-b' });
  for (let i = 0; i < 7; i++) {
    const body = await upload(await png(800 + i, 800));
    imageUrls.push(body.aliexpress_photobank_redefining_uploadimageforsdk_response.result.photobank_url);
  }
  otherShopImage = (await upload(await png(800, 800), 'b.png', 'image/png', other))
    .aliexpress_photobank_redefining_uploadimageforsdk_response.result.photobank_url;
});
afterAll(() => sandbox.close());

describe('signature', () => {
  it('matches the fixed test vector computed independently', () => {
    // Computed with Python's hmac (iop-sdk-python's sign(): api + ''.join(k + v for k in sorted(params)),
    // HMAC-SHA256, hexdigest().upper()), see docs/marketplace-a.md#signing for the command.
    const secret = 'test-secret-0123456789abcdef';
    const params = {
      app_key: '500001',
      method: 'aliexpress.solution.product.list.get',
      session: '50000token',
      sign_method: 'sha256',
      timestamp: '1764000000000',
      format: 'json',
      aeop_a_e_product_list_query: '{"product_status_type":"onSelling","sku_code":"TS-001-BLK-M"}',
    };
    expect(signIop(secret, '', params)).toBe('5E2CBC7C4C1564DE26BB7CEAF1A4B76A9DEFDDFC2DAA10DF9748347DFAA9C0A9');
    const refreshParams = { app_key: '500001', refresh_token: '50001refresh', sign_method: 'sha256', timestamp: '1764000000000' };
    expect(signIop(secret, '/auth/token/refresh', refreshParams)).toBe('2A877DFE9887F848408FE83ABF0353D134AE3ECFDB9762BBD57286BFA60F2217');
  });

  it('takes a correctly signed call, in the query or in the form body', async () => {
    const body = await call(LIST, listQuery({}));
    expect(body.aliexpress_solution_product_list_get_response.result.success).toBe(true);
    expect(body.aliexpress_solution_product_list_get_response.request_id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses a wrong sign and a lower-case sign with IncompleteSignature', async () => {
    const wrong = err(await call(LIST, listQuery({}), { tamper: (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1) }));
    expect(wrong).toMatchObject({ type: 'ISV', code: 'IncompleteSignature' });
    expect(err(await call(LIST, listQuery({}), { tamper: (s: string) => s.toLowerCase() })).code).toBe('IncompleteSignature');
  });

  it('refuses a sign made with another secret and an unknown app key', async () => {
    expect(err(await call(LIST, listQuery({}), {}, { ...shop, app_secret: other.app_secret })).code).toBe('IncompleteSignature');
    expect(err(await call(LIST, listQuery({}), {}, { ...shop, app_key: '1' })).code).toBe('InvalidAppKey');
  });

  it('refuses a timestamp more than 15 minutes from its clock, and one in seconds', async () => {
    expect(err(await call(LIST, listQuery({}), { timestamp: t - 16 * 60_000 })).code).toBe('IllegalTimestamp');
    expect(err(await call(LIST, listQuery({}), { timestamp: t + 16 * 60_000 })).code).toBe('IllegalTimestamp');
    expect(err(await call(LIST, listQuery({}), { timestamp: Math.floor(t / 1000) })).code).toBe('IllegalTimestamp');
    expect(err(await call(LIST, listQuery({}), { timestamp: t - 14 * 60_000 }))).toBeUndefined();
  });

  it('refuses an unknown method', async () => {
    expect(err(await call('aliexpress.nothing.here')).code).toBe('InvalidApiPath');
  });
});

describe('session and token refresh', () => {
  it('refuses a wrong session and an expired one with IllegalAccessToken', async () => {
    const s = sandbox.createShop({ name: 'expiring', accessTtlSeconds: 60 });
    expect(err(await call(LIST, listQuery({}), { session: 'nope' }, s))).toMatchObject({
      code: 'IllegalAccessToken',
      msg: 'The specified access token is invalid',
    });
    t += 61_000;
    expect(err(await call(LIST, listQuery({}), {}, s))).toMatchObject({
      code: 'IllegalAccessToken',
      msg: 'The specified access token has expired',
    });
  });

  it('expires a session through the developer endpoint', async () => {
    const s = sandbox.createShop();
    const res = await fetch(`${sandbox.url}/sandbox/shops/${s.app_key}/expire`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(err(await call(LIST, listQuery({}), {}, s)).code).toBe('IllegalAccessToken');
  });

  it('refreshes: new tokens and expiry, the old access token stops working', async () => {
    const s = sandbox.createShop();
    const body = await refresh(sandbox.url, s, s.refresh_token, t);
    expect(body.code).toBe('0');
    expect(body.access_token).not.toBe(s.access_token);
    expect(body.refresh_token).not.toBe(s.refresh_token);
    expect(body.expire_time).toBe(t + 86_400_000);
    expect(err(await call(LIST, listQuery({}), {}, s)).code).toBe('IllegalAccessToken');
    expect(err(await call(LIST, listQuery({}), { session: body.access_token }, s))).toBeUndefined();
  });

  it('refuses a refresh signed without the API path, and a revoked refresh token', async () => {
    const s = sandbox.createShop();
    expect((await refresh(sandbox.url, s, s.refresh_token, t, '')).code).toBe('IncompleteSignature');
    const revoke = await fetch(`${sandbox.url}/sandbox/shops/${s.app_key}/revoke-refresh-tokens`, { method: 'POST' });
    expect(await revoke.json()).toMatchObject({ revoked: 1 });
    expect(await refresh(sandbox.url, s, s.refresh_token, t)).toMatchObject({ type: 'ISV', code: 'IllegalRefreshToken' });
  });
});

describe('photo bank upload', () => {
  it('takes a JPG and serves its bytes at the answered URL', async () => {
    const bytes = await jpeg(640, 480);
    const r = (await upload(bytes, 'x.jpg', 'image/jpeg')).aliexpress_photobank_redefining_uploadimageforsdk_response.result;
    expect(r).toMatchObject({ success: true, width: 640, height: 480 });
    expect(r.photobank_url.startsWith(`${sandbox.url}/photobank/`)).toBe(true);
    const got = await fetch(r.photobank_url);
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a JSON body, a missing file, a GIF, a tiny, a huge and a too-heavy image', async () => {
    expect(err(await call(UPLOAD, { file_name: 'a.png' }, { json: true })).sub_code).toBe('isv.content-type');
    expect(err(await call(UPLOAD, { file_name: 'a.png' }))).toMatchObject({ code: '40', msg: 'Missing required arguments: image_bytes' });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect(err(await upload(gif, 'a.gif', 'image/gif'))).toMatchObject({ code: '41', sub_code: 'isv.image-format' });
    expect(err(await upload(Buffer.from('not an image'), 'a.png'))).toMatchObject({ sub_code: 'isv.image-format' });
    expect(err(await upload(await png(99, 400)))).toMatchObject({ code: '41', sub_code: 'isv.image-dimensions' });
    expect(err(await upload(await png(5001, 200)))).toMatchObject({ sub_code: 'isv.image-dimensions' });
    const heavy = await png(1100, 1100, true);
    expect(heavy.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(err(await upload(heavy))).toMatchObject({ code: '41', sub_code: 'isv.image-size' });
  });
});

describe('memory', () => {
  it('refuses an upload with a bad sign when its file part starts, before reading the file', async () => {
    const params: Record<string, string> = {
      app_key: shop.app_key,
      method: UPLOAD,
      session: shop.access_token,
      sign_method: 'sha256',
      timestamp: String(t),
      format: 'json',
      file_name: 'a.png',
      sign: 'F'.repeat(64),
    };
    const fields = Object.entries(params)
      .map(([k, v]) => `--xx\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    // The file is started and never finished: only a check made before reading it can answer.
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request(`${sandbox.url}/sync`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=xx' } });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          resolve(body);
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write(`${fields}--xx\r\nContent-Disposition: form-data; name="image_bytes"; filename="a.png"\r\n\r\n${'x'.repeat(64 * 1024)}`);
      setTimeout(() => {
        req.destroy();
        reject(new Error('no answer before the body ended'));
        // A ceiling, not a measure: a loaded machine may be slow to answer, never this slow.
      }, 20_000).unref();
    });
    expect(err(JSON.parse(answer)).code).toBe('IncompleteSignature');
  });

  it('refuses to start with a rate or a ban of 0', async () => {
    await expect(startMarketplaceA({ ratePerSecond: 0 })).rejects.toThrow(/ratePerSecond/);
    await expect(startMarketplaceA({ banSeconds: -1 })).rejects.toThrow(/banSeconds/);
  });

  it('keeps at most imageBytesKept of image bytes: the oldest answer 410, the newest are served', async () => {
    const first = await png(800, 800);
    const small = await startMarketplaceA({ now: () => t, ratePerSecond: 1000, imageBytesKept: first.length * 2 + 10 });
    try {
      const s = small.createShop();
      const urls: string[] = [];
      for (let i = 0; i < 3; i++) {
        const body = await gateway(small.url, s, UPLOAD, { file_name: 'a.png' }, t, {
          file: { bytes: await png(800, 800 + i), name: 'a.png', type: 'image/png' },
        });
        urls.push(body.aliexpress_photobank_redefining_uploadimageforsdk_response.result.photobank_url);
      }
      expect((await fetch(urls[0]!)).status).toBe(410);
      expect((await fetch(urls[2]!)).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('product post', () => {
  it('creates a product, shows it on its page, finds it by sku_code and answers its SKU ids', async () => {
    const body = await post(validProduct());
    const productId = body.aliexpress_solution_product_post_response.result.product_id;
    expect(typeof productId).toBe('number');
    const page = await fetch(`${sandbox.url}/sandbox/products/${productId}`);
    const html = await page.text();
    expect(html).toContain('Cotton T-shirt with a cat');
    expect(html).toContain('TS1-BLK-M');
    expect(html).toContain('Color: Black, Size: M');
    expect(html).toContain('19.99');
    expect(html).toContain(imageUrls[0]);

    const found = (await call(LIST, listQuery({ sku_code: 'TS1-BLK-L' }))).aliexpress_solution_product_list_get_response.result;
    expect(found.product_count).toBe(1);
    expect(found.aeop_a_e_product_display_d_t_o_list.item_display_dto[0].product_id).toBe(productId);
    const otherFinds = (await call(LIST, listQuery({ sku_code: 'TS1-BLK-L' }), {}, other)).aliexpress_solution_product_list_get_response;
    expect(otherFinds.result.product_count).toBe(0);

    const info = (await call(INFO, { product_id: String(productId) })).aliexpress_solution_product_info_get_response.result;
    const skus = info.aeop_ae_product_s_k_us.global_aeop_ae_product_sku;
    expect(skus.map((s: any) => s.sku_code)).toEqual(['TS1-BLK-M', 'TS1-BLK-L']);
    expect(skus[0].id).toMatch(/^\d+$/);
    expect(err(await call(INFO, { product_id: String(productId) }, {}, other)).sub_code).toBe('isv.product-not-found');

    const count: any = await (await fetch(`${sandbox.url}/sandbox/products/count?app_key=${shop.app_key}`)).json();
    expect(count.count).toBe(1);
    const listed: any = await (await fetch(`${sandbox.url}/sandbox/products`)).json();
    expect(listed.map((p: any) => p.product_id)).toContain(String(productId));
  });

  const sku = (over: Record<string, unknown>) => ({
    get skuOver() {
      return JSON.parse(JSON.stringify(over, (_k, v) => (v === IMG1 ? imageUrls[1] : v === IMG0 ? imageUrls[0] : v)));
    },
  });
  const cases: [string, () => Record<string, unknown>, { skuOver?: Record<string, unknown> } | undefined, string, string][] = [
    ['seven main images', () => ({ main_image_urls_list: imageUrls.slice(0, 7) }), undefined, '41', 'isv.main-image-count'],
    ['no main image', () => ({ main_image_urls_list: [] }), undefined, '40', 'isv.missing-parameter'],
    [
      'an image not in the photo bank',
      () => ({ main_image_urls_list: ['https://example.com/a.jpg'] }),
      undefined,
      '50',
      'isv.image-not-in-photobank',
    ],
    ["another shop's image", () => ({ main_image_urls_list: [otherShopImage] }), undefined, '50', 'isv.image-not-in-photobank'],
    [
      'a 129-character subject',
      () => ({ multi_language_subject_list: [{ language: 'en', subject: 'x'.repeat(129) }] }),
      undefined,
      '41',
      'isv.subject-length',
    ],
    [
      'an empty subject',
      () => ({ multi_language_subject_list: [{ language: 'en', subject: ' ' }] }),
      undefined,
      '40',
      'isv.missing-parameter',
    ],
    ['a category that is not a leaf', () => ({ aliexpress_category_id: 200000345 }), undefined, '50', 'isv.category-not-leaf'],
    ['an unknown category', () => ({ aliexpress_category_id: 42 }), undefined, '41', 'isv.category-invalid'],
    ['no category', () => ({ aliexpress_category_id: undefined }), undefined, '40', 'isv.missing-parameter'],
    ['weight 0', () => ({ weight: 0 }), undefined, '41', 'isv.weight-range'],
    ['weight 500.5', () => ({ weight: 500.5 }), undefined, '41', 'isv.weight-range'],
    ['a 701 cm side', () => ({ package_height: 701 }), undefined, '41', 'isv.package-size'],
    ['no freight template', () => ({ freight_template_id: undefined }), undefined, '40', 'isv.missing-parameter'],
    ['no service policy', () => ({ service_policy_id: '' }), undefined, '40', 'isv.missing-parameter'],
    ['no product unit', () => ({ product_unit: undefined }), undefined, '40', 'isv.missing-parameter'],
    ['price 0', () => ({}), sku({ price: 0, discount_price: undefined }), '41', 'isv.price-range'],
    ['price 1000000', () => ({}), sku({ price: 1_000_000 }), '41', 'isv.price-range'],
    ['a discount equal to the price', () => ({}), sku({ discount_price: 19.99 }), '41', 'isv.discount-price'],
    ['a delivery time of 0 days', () => ({ delivery_time: 0 }), undefined, '41', 'isv.delivery-time'],
    ['a delivery time of 61 days', () => ({ delivery_time: 61 }), undefined, '41', 'isv.delivery-time'],
    ['inventory 0', () => ({}), sku({ inventory: 0 }), '41', 'isv.inventory-range'],
    ['inventory 1000000', () => ({}), sku({ inventory: 1_000_000 }), '41', 'isv.inventory-range'],
    ['no sku_code', () => ({}), sku({ sku_code: '' }), '40', 'isv.missing-parameter'],
    ['a sku_code used twice', () => ({}), sku({ sku_code: 'TS1-BLK-L' }), '41', 'isv.sku-code-duplicate'],
    ...['#', ':', '=', ','].map(
      (c) =>
        [
          `a colour value with ${c}`,
          () => ({}),
          sku({
            sku_attributes_list: [
              { sku_attribute_name_id: 14, sku_attribute_value: `Bl${c}ck` },
              { sku_attribute_name_id: 5, sku_attribute_value: 'M' },
            ],
          }),
          '41',
          'isv.custom-value-chars',
        ] as [string, () => Record<string, unknown>, { skuOver?: Record<string, unknown> }, string, string],
    ),
    [
      'an image on the size property',
      () => ({}),
      sku({
        sku_attributes_list: [
          { sku_attribute_name_id: 14, sku_attribute_value: 'Black' },
          { sku_attribute_name_id: 5, sku_attribute_value: 'M', sku_image_url: IMG1 },
        ],
      }),
      '41',
      'isv.sku-image-property',
    ],
    [
      'two SKUs with the same colour and size',
      () => ({}),
      sku({
        sku_attributes_list: [
          { sku_attribute_name_id: 14, sku_attribute_value: 'Black', sku_image_url: IMG0 },
          { sku_attribute_name_id: 5, sku_attribute_value: 'L' },
        ],
      }),
      '41',
      'isv.sku-attributes-duplicate',
    ],
    [
      'an unknown SKU property',
      () => ({}),
      sku({
        sku_attributes_list: [
          { sku_attribute_name_id: 99, sku_attribute_value: 'x' },
          { sku_attribute_name_id: 5, sku_attribute_value: 'M' },
        ],
      }),
      '41',
      'isv.sku-attribute-unknown',
    ],
    [
      '101 SKUs',
      () => ({
        sku_info_list: Array.from({ length: 101 }, (_, i) => ({
          sku_code: `S${i}`,
          price: 1,
          inventory: 1,
          sku_attributes_list: [{ sku_attribute_name_id: 5, sku_attribute_value: `V${i}` }],
        })),
      }),
      undefined,
      '41',
      'isv.sku-count',
    ],
  ];
  it.each(cases)('refuses %s, naming the field, and creates nothing', async (_name, over, s, code, subCode) => {
    const before = sandbox.products().length;
    const body = await post(validProduct(over(), s?.skuOver ?? {}));
    expect(err(body)).toMatchObject({ type: 'ISV', code, sub_code: subCode });
    expect(err(body).msg.length).toBeGreaterThan(10);
    expect(sandbox.products().length).toBe(before);
  });

  it('shows seller text as text on the product page, and answers 404 for an unknown product', async () => {
    const body = await post(validProduct({ multi_language_subject_list: [{ language: 'en', subject: '<script>alert(1)</script> Tee' }] }));
    const id = body.aliexpress_solution_product_post_response.result.product_id;
    const html = await (await fetch(`${sandbox.url}/sandbox/products/${id}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; Tee');
    expect((await fetch(`${sandbox.url}/sandbox/products/1`)).status).toBe(404);
  });

  it('names the field in the message', async () => {
    const body = await post(validProduct({}, { price: 0, discount_price: undefined }));
    expect(err(body).msg).toBe('Invalid arguments: sku_info_list[0].price 0 is outside 0.01–999999');
  });

  it('refuses a missing or broken post_product_request', async () => {
    expect(err(await call(POST, {}))).toMatchObject({ code: '40', msg: 'Missing required arguments: post_product_request' });
    expect(err(await call(POST, { post_product_request: '{oops' }))).toMatchObject({ code: '41', sub_code: 'isv.invalid-json' });
  });
});

describe('flow control', () => {
  it('bans an app and session above the rate with "ban will last N seconds", refuses everything until it ends', async () => {
    const s = sandbox.createShop({ name: 'busy' });
    sandbox.setRate(3, 2);
    try {
      for (let i = 0; i < 3; i++) expect(err(await call(LIST, listQuery({}), {}, s))).toBeUndefined();
      expect(err(await call(LIST, listQuery({}), {}, s))).toMatchObject({
        code: 'ApiCallLimits',
        msg: 'The request has exceeded the limit. This ban will last 2 seconds',
      });
      t += 1_000;
      expect(err(await call(LIST, listQuery({}), {}, s)).msg).toContain('ban will last 1 seconds');
      // Another shop (another app and session) is not banned.
      expect(err(await call(LIST, listQuery({}), {}, other))).toBeUndefined();
      t += 1_000;
      expect(err(await call(LIST, listQuery({}), {}, s))).toBeUndefined();
    } finally {
      sandbox.setRate(1000, 2);
    }
  });

  it('sets the rate through the developer endpoint', async () => {
    const res = await fetch(`${sandbox.url}/sandbox/rate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rate_per_second: 1000, ban_seconds: 2 }),
    });
    expect(await res.json()).toEqual({ rate_per_second: 1000, ban_seconds: 2 });
    const bad = await fetch(`${sandbox.url}/sandbox/rate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rate_per_second: -1 }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('developer endpoints', () => {
  it('creates a test shop with its credentials and shows an index page', async () => {
    const res = await fetch(`${sandbox.url}/sandbox/shops`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'dev shop' }),
    });
    const creds: any = await res.json();
    expect(Object.keys(creds).sort()).toEqual(
      ['access_token', 'app_key', 'app_secret', 'expires_at', 'name', 'refresh_token', 'shop_id'].sort(),
    );
    expect(creds.expires_at).toBe(Math.floor(t / 1000) + 86_400);
    const index = await (await fetch(`${sandbox.url}/`)).text();
    expect(index).toContain('dev shop');
    expect(index).toContain(String(TSHIRT_LEAF));
  });
});
