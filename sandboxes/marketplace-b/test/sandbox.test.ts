import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceB, type MarketplaceB, type ShopCredentials } from '../src/index.js';
import { signature } from '../src/signing.js';
import { clientFor, jpg, newShop, png, productBody } from './client.js';

// Marketplace B's sandbox over real HTTP: the signature against TikTok's published test vector, the
// gate (sign, timestamp, token, shop_cipher, rate), the token refresh, the image upload and every
// Create Product limit. Time is the sandbox's `now`, moved by the tests.
let clock = Date.UTC(2026, 0, 15, 12, 0, 0);
let sb: MarketplaceB;
beforeAll(async () => {
  sb = await startMarketplaceB({ now: () => clock });
});
afterAll(() => sb.close());

async function shopWithImage() {
  const shop = await newShop(sb.url);
  const c = clientFor(sb.url, shop, { now: () => clock });
  const up = await c.upload(await png(800, 800));
  expect(up.body.code).toBe(0);
  return { shop, c, uri: up.body.data.uri as string };
}
const create = (c: ReturnType<typeof clientFor>, body: unknown) => c.json('/product/202309/products', body);

describe('signing', () => {
  it('matches the published test vector', () => {
    const params = new URLSearchParams({ app_key: '29a39d', timestamp: '1623812664' });
    expect(signature('e59af819cc', '/authorization/202309/shops', params, null)).toBe(
      'b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8',
    );
  });

  it('leaves sign and access_token out and sorts the rest', () => {
    const a = signature('s', '/p', new URLSearchParams({ b: '2', a: '1' }), null);
    const b = signature('s', '/p', new URLSearchParams({ a: '1', b: '2', sign: 'x', access_token: 'y' }), null);
    expect(a).toBe(b);
  });

  it('refuses an upper-case, a wrong and a missing sign with HTTP 401 code 106001', async () => {
    const { c, uri, shop } = await shopWithImage();
    const body = productBody(uri, shop);
    for (const tweak of [(s: string) => s.toUpperCase(), (s: string) => s.replace(/^./, (x) => (x === 'a' ? 'b' : 'a')), () => '']) {
      const res = await c.json('/product/202309/products', body, { tweak });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(106001);
    }
    expect(sb.productCount(shop.shop_id)).toBe(0);
  });

  it('signs the raw body: a body changed after signing is refused', async () => {
    const { shop, uri } = await shopWithImage();
    const c = clientFor(sb.url, shop, { now: () => clock });
    const signed = Buffer.from(JSON.stringify(productBody(uri, shop)));
    const sent = Buffer.from(JSON.stringify({ ...productBody(uri, shop), title: 'Changed' }));
    const res = await fetch(c.signedUrl('/product/202309/products', {}, signed), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tts-access-token': shop.access_token },
      body: sent,
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: number }).code).toBe(106001);
  });

  it('refuses a timestamp more than 5 minutes old with 106003, accepts one 4 minutes old', async () => {
    const { shop, uri } = await shopWithImage();
    const old = clientFor(sb.url, shop, { now: () => clock - 301_000 });
    const stale = await old.json('/product/202309/products', productBody(uri, shop));
    expect([stale.status, stale.body.code]).toEqual([401, 106003]);
    const recent = clientFor(sb.url, shop, { now: () => clock - 240_000 });
    expect((await recent.json('/product/202309/products', productBody(uri, shop))).body.code).toBe(0);
  });
});

describe('tokens and shop_cipher', () => {
  it('refuses an unknown token (105001) and an expired one (105002)', async () => {
    const { shop, c, uri } = await shopWithImage();
    const unknown = await c.json('/product/202309/products', productBody(uri, shop), { token: 'TTP_nope' });
    expect([unknown.status, unknown.body.code]).toEqual([401, 105001]);
    await fetch(`${sb.url}/sandbox/shops/${shop.shop_id}/expire-token`, { method: 'POST' });
    const expired = await create(c, productBody(uri, shop));
    expect([expired.status, expired.body.code]).toEqual([401, 105002]);
  });

  it('expires a token with time too', async () => {
    const { shop, c, uri } = await shopWithImage();
    const saved = clock;
    clock = shop.expires_at * 1000 + 1000;
    try {
      const later = clientFor(sb.url, shop, { now: () => clock });
      expect((await later.json('/product/202309/products', productBody(uri, shop))).body.code).toBe(105002);
    } finally {
      clock = saved;
    }
    expect((await create(c, productBody(uri, shop))).body.code).toBe(0);
  });

  it('requires the shop_cipher of the token’s shop (106011)', async () => {
    const { shop, c, uri } = await shopWithImage();
    const other = await newShop(sb.url);
    for (const cipher of ['', other.shop_cipher]) {
      const res = await c.json('/product/202309/products', productBody(uri, shop), { query: { shop_cipher: cipher } });
      expect([res.status, res.body.code]).toEqual([400, 106011]);
    }
  });

  it('Get Authorized Shops answers the token’s shop with its cipher, without a shop_cipher; a wrong sign or token is refused', async () => {
    const { shop, c } = await shopWithImage();
    const get = async (url: string, token = shop.access_token) => {
      const res = await fetch(url, { headers: { 'x-tts-access-token': token } });
      return { status: res.status, body: (await res.json()) as { code: number; data: { shops: { id: string; cipher: string }[] } | null } };
    };
    const path = '/authorization/202309/shops';
    // Signed without shop_cipher: the authorization calls name no shop.
    const params = new URLSearchParams({ app_key: shop.app_key, timestamp: String(Math.floor(clock / 1000)) });
    params.set('sign', signature(shop.app_secret, path, params, null));
    const ok = await get(`${sb.url}${path}?${params}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data!.shops).toEqual([expect.objectContaining({ id: shop.shop_id, cipher: shop.shop_cipher })]);
    expect((await get(c.signedUrl(path, {}, null, (x) => x.toUpperCase()))).body.code).toBe(106001);
    expect((await get(c.signedUrl(path), 'TTP_unknown')).body.code).toBe(105001);
  });

  it('refreshes: new tokens that work; a revoked or unknown refresh token is refused', async () => {
    const { shop, uri } = await shopWithImage();
    await fetch(`${sb.url}/sandbox/shops/${shop.shop_id}/expire-token`, { method: 'POST' });
    const refresh = (token: string, secret = shop.app_secret) =>
      fetch(
        `${sb.url}/api/v2/token/refresh?${new URLSearchParams({ app_key: shop.app_key, app_secret: secret, refresh_token: token, grant_type: 'refresh_token' })}`,
      ).then((r) => r.json() as Promise<{ code: number; data: any }>);
    const res = await refresh(shop.refresh_token);
    expect(res.code).toBe(0);
    expect(res.data.access_token).not.toBe(shop.access_token);
    expect(res.data.refresh_token).not.toBe(shop.refresh_token);
    expect(res.data.access_token_expire_in).toBeGreaterThan(clock / 1000);
    const renewed = { ...shop, access_token: res.data.access_token, refresh_token: res.data.refresh_token };
    const c = clientFor(sb.url, renewed, { now: () => clock });
    expect((await c.json('/product/202309/products', productBody(uri, shop))).body.code).toBe(0);
    expect((await refresh('TTP_unknown')).code).toBe(36004004);
    expect((await refresh(renewed.refresh_token, 'wrong-secret')).code).toBe(36004004);
    await fetch(`${sb.url}/sandbox/shops/${shop.shop_id}/revoke-refresh-token`, { method: 'POST' });
    expect((await refresh(renewed.refresh_token)).code).toBe(36004004);
  });

  it('keeps a rotated refresh token usable for a minute only', async () => {
    const shop = await newShop(sb.url);
    const refresh = (token: string) =>
      fetch(
        `${sb.url}/api/v2/token/refresh?${new URLSearchParams({ app_key: shop.app_key, app_secret: shop.app_secret, refresh_token: token, grant_type: 'refresh_token' })}`,
      ).then((r) => r.json() as Promise<{ code: number }>);
    expect((await refresh(shop.refresh_token)).code).toBe(0);
    expect((await refresh(shop.refresh_token)).code).toBe(0);
    const saved = clock;
    clock += 61_000;
    try {
      expect((await refresh(shop.refresh_token)).code).toBe(36004004);
    } finally {
      clock = saved;
    }
  });
});

describe('image upload', () => {
  let shop: ShopCredentials;
  let c: ReturnType<typeof clientFor>;
  beforeAll(async () => {
    shop = await newShop(sb.url);
    c = clientFor(sb.url, shop, { now: () => clock });
  });

  it('takes a JPG or PNG and answers uri, url, width, height, use_case; the url serves the bytes', async () => {
    const bytes = await jpg(1200, 900);
    const res = await c.upload(bytes, 'a.jpg', 'ATTRIBUTE_IMAGE');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ width: 1200, height: 900, use_case: 'ATTRIBUTE_IMAGE' });
    expect(res.body.data.uri).toMatch(/^tos-/);
    const served = await fetch(res.body.data.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a JSON (base64) upload: multipart only (12052300)', async () => {
    const b64 = (await png(200, 200)).toString('base64');
    const res = await c.json('/product/202309/images/upload', { data: b64, use_case: 'MAIN_IMAGE' });
    expect(res.body.code).toBe(12052300);
  });

  it('refuses other formats, too small, too many pixels and more than 5 MB', async () => {
    const sharp = (await import('sharp')).default;
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888' } })
      .webp()
      .toBuffer();
    expect((await c.upload(webp, 'a.webp')).body.code).toBe(12052303);
    expect((await c.upload(Buffer.from('not an image'), 'a.png')).body.code).toBe(12052303);
    expect((await c.upload(await png(99, 400))).body.code).toBe(12052301);
    expect((await c.upload(await png(20001, 100))).body.code).toBe(12052302);
    // Random pixels do not compress: a 1400×1400 PNG of noise is about 5.9 MB.
    const noise = await sharp(Buffer.from(Array.from({ length: 1400 * 1400 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 1400, height: 1400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
    expect((await c.upload(noise)).body.code).toBe(12052302);
    expect((await c.upload(await png(100, 100))).body.code).toBe(0);
  });

  it('refuses an unknown use_case', async () => {
    expect((await c.upload(await png(200, 200), 'a.png', 'WALLPAPER')).body.code).toBe(12052003);
  });
});

describe('Create Product', () => {
  it('creates: code 0 with product_id, SKU ids with seller_sku and attributes, a warning; the page shows it', async () => {
    const { shop, c, uri } = await shopWithImage();
    const res = await create(c, productBody(uri, shop));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const data = res.body.data;
    expect(data.product_id).toMatch(/^\d+$/);
    expect(data.skus).toHaveLength(4);
    expect(data.skus[0]).toMatchObject({
      seller_sku: 'TS-Red-S',
      sales_attributes: [
        { name: 'Color', value_name: 'Red' },
        { name: 'Size', value_name: 'S' },
      ],
    });
    expect(new Set(data.skus.map((s: { id: string }) => s.id)).size).toBe(4);
    expect(data.warnings.map((w: { message: string }) => w.message).join(' ')).toMatch(/description has no images/);
    const page = await fetch(`${sb.url}/sandbox/products/${data.product_id}`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    for (const text of ['Sandbox cotton T-shirt', 'TS-Blue-M', 'Color: Blue, Size: M', '19.99 USD', '/sandbox/images/'])
      expect(html).toContain(text);
    const list = (await (await fetch(`${sb.url}/sandbox/products?shop_id=${shop.shop_id}`)).json()) as { count: number };
    expect(list.count).toBe(1);
    const index = await (await fetch(`${sb.url}/`)).text();
    expect(index).toContain(data.product_id);
  });

  it('no warning about the description when it has an image', async () => {
    const { shop, c, uri } = await shopWithImage();
    const body = { ...productBody(uri, shop), description: '<p>Soft.</p><img src="https://x/y.jpg">' };
    const res = await create(c, body);
    expect(res.body.data.warnings.map((w: { message: string }) => w.message).join(' ')).not.toMatch(/description/);
  });

  // Every limit: [what, change to the valid body, code]
  type Body = ReturnType<typeof productBody>;
  const sku = (b: Body, i = 0) => b.skus[i]!;
  const cases: [string, (b: Body, ctx: { uri: string; other: string }) => unknown, number][] = [
    ['empty title', (b) => ({ ...b, title: '' }), 12052051],
    ['title of 256 characters', (b) => ({ ...b, title: 'a'.repeat(256) }), 12052051],
    ['a title of spaces', (b) => ({ ...b, title: '    ' }), 12052051],
    ['Chinese in the title', (b) => ({ ...b, title: 'Cotton T-shirt 纯棉' }), 12052262],
    ['emoji in the title', (b) => ({ ...b, title: 'Cotton T-shirt 🔥' }), 12052262],
    ['description over 10,000', (b) => ({ ...b, description: 'x'.repeat(10_001) }), 12052052],
    ['unknown category', (b) => ({ ...b, category_id: '999' }), 12052024],
    ['category that is not a leaf', (b) => ({ ...b, category_id: '601152' }), 12052024],
    ['no main image', (b) => ({ ...b, main_images: [] }), 12052028],
    ['10 main images', (b, { uri }) => ({ ...b, main_images: Array.from({ length: 10 }, () => ({ uri })) }), 12052306],
    ['an unknown image uri', (b) => ({ ...b, main_images: [{ uri: 'tos-sandbox-i-b/nope' }] }), 12052722],
    ["another shop's image uri", (b, { other }) => ({ ...b, main_images: [{ uri: other }] }), 12052722],
    ['an unknown sku_img uri', (b) => ((sku(b).sales_attributes[0]!.sku_img = { uri: 'tos-x/none' }), b), 12052722],
    [
      '101 SKUs',
      (b) => ({
        ...b,
        skus: Array.from({ length: 101 }, (_, i) => ({
          ...sku(b),
          seller_sku: `S${i}`,
          sales_attributes: [{ name: 'Size', value_name: `V${i}` }],
        })),
      }),
      12052050,
    ],
    [
      '4 attribute levels',
      (b) => (
        sku(b).sales_attributes.push({ name: 'Material', value_name: 'Cotton' } as never, { name: 'Fit', value_name: 'Slim' } as never),
        b
      ),
      12052525,
    ],
    ['images on two attributes', (b, { uri }) => (((sku(b).sales_attributes[1] as { sku_img?: unknown }).sku_img = { uri }), b), 12052528],
    ['duplicate sales attributes', (b) => ((sku(b, 1).sales_attributes = sku(b, 0).sales_attributes), b), 12052560],
    [
      'one SKU carrying the same attribute name twice',
      (b) => (
        (sku(b).sales_attributes = [
          { name: 'Color', value_name: 'Red' },
          { name: 'Color', value_name: 'Blue' },
        ] as never),
        b
      ),
      12052560,
    ],
    [
      'SKUs with different attribute sets (one without Size)',
      (b) => ((sku(b, 1).sales_attributes = [sku(b, 1).sales_attributes[0]!]), b),
      12052003,
    ],
    ['attribute name over 20', (b) => ((sku(b).sales_attributes[1]!.name = 'x'.repeat(21)), b), 12052527],
    ['price 0', (b) => ((sku(b).price.amount = '0'), b), 12052073],
    ['price 7600.01', (b) => ((sku(b).price.amount = '7600.01'), b), 12052073],
    ['price as a number', (b) => (((sku(b).price as { amount: unknown }).amount = 19.99), b), 12052073],
    [
      'a list_price not above the price',
      (b) => (((sku(b) as { list_price?: unknown }).list_price = { amount: sku(b).price.amount, currency: 'USD' }), b),
      12052074,
    ],
    [
      'a list_price in another currency',
      (b) => (((sku(b) as { list_price?: unknown }).list_price = { amount: '99.00', currency: 'GBP' }), b),
      12052074,
    ],
    [
      'made to order in 31 days',
      (b) => (
        ((sku(b) as { pre_sale?: unknown }).pre_sale = { type: 'MADE_TO_ORDER', fulfillment_type: { handling_duration_days: 31 } }),
        b
      ),
      12052075,
    ],
    [
      'a pre_sale of an unknown type',
      (b) => (((sku(b) as { pre_sale?: unknown }).pre_sale = { type: 'SOON', fulfillment_type: { handling_duration_days: 3 } }), b),
      12052075,
    ],
    ['inventory 1,000,000', (b) => ((sku(b).inventory[0]!.quantity = 1_000_000), b), 12052055],
    ['inventory -1', (b) => ((sku(b).inventory[0]!.quantity = -1), b), 12052055],
    ['another warehouse', (b) => ((sku(b).inventory[0]!.warehouse_id = '1'), b), 12052058],
    ['seller_sku of 51', (b) => ((sku(b).seller_sku = 'x'.repeat(51)), b), 12052054],
    ['weight 0', (b) => ({ ...b, package_weight: { value: '0', unit: 'KILOGRAM' } }), 12052915],
    ['KILOGRAM with INCH', (b) => ({ ...b, package_dimensions: { ...b.package_dimensions, unit: 'INCH' } }), 12052915],
    ['POUND with CENTIMETER', (b) => ({ ...b, package_weight: { value: '1', unit: 'POUND' } }), 12052915],
    ['a missing title', (b) => ({ ...b, title: undefined }), 12052003],
  ];

  it.each(cases)('refuses %s (HTTP 200 and its code) and creates nothing', async (_what, change, code) => {
    const { shop, c, uri } = await shopWithImage();
    const other = (await shopWithImage()).uri;
    const res = await create(c, change(productBody(uri, shop), { uri, other }));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(code);
    expect(res.body.data).toBeNull();
    expect(sb.productCount(shop.shop_id)).toBe(0);
  });

  it('takes the edges: 255 characters, 9 images, 100 SKUs, 3 levels, 0.01 and 7600, 0 and 999999, POUND–INCH', async () => {
    const { shop, c, uri } = await shopWithImage();
    const b = productBody(uri, shop);
    const skus = Array.from({ length: 100 }, (_, i) => ({
      ...sku(b),
      seller_sku: 'x'.repeat(46) + String(i).padStart(4, '0'),
      sales_attributes: [
        { name: 'Color', value_name: `C${i % 10}`, sku_img: { uri } },
        { name: 'Size', value_name: `S${Math.floor(i / 10)}` },
        { name: 'Fit', value_name: 'Regular' },
      ],
      price: { amount: i % 2 ? '0.01' : '7600', currency: 'USD' },
      inventory: [{ warehouse_id: shop.warehouse_id, quantity: i % 2 ? 0 : 999_999 }],
    }));
    const res = await create(c, {
      ...b,
      title: 'T'.repeat(255),
      main_images: Array.from({ length: 9 }, () => ({ uri })),
      skus,
      package_weight: { value: '1.2', unit: 'POUND' },
      package_dimensions: { length: '12', width: '8', height: '1', unit: 'INCH' },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.skus).toHaveLength(100);
  });

  it('honours idempotency_key: the same key answers the same product, also under two concurrent requests', async () => {
    const { shop, c, uri } = await shopWithImage();
    const body = productBody(uri, shop, { key: 'publish-1-shop-1' });
    const [a, b] = await Promise.all([create(c, body), create(c, body)]);
    expect(a.body.code).toBe(0);
    expect(b.body.data.product_id).toBe(a.body.data.product_id);
    expect(b.body.data.skus).toEqual(a.body.data.skus);
    const again = await create(c, body);
    expect(again.body.data.product_id).toBe(a.body.data.product_id);
    expect(sb.productCount(shop.shop_id)).toBe(1);
    const other = await create(c, productBody(uri, shop, { key: 'publish-2-shop-1' }));
    expect(other.body.data.product_id).not.toBe(a.body.data.product_id);
    expect(sb.productCount(shop.shop_id)).toBe(2);
  });

  it('refuses above the daily quota with 12052093; a replay of a created key still answers', async () => {
    const { shop, c, uri } = await shopWithImage();
    await fetch(`${sb.url}/sandbox/shops/${shop.shop_id}/limits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ daily_quota: 2 }),
    });
    expect((await create(c, productBody(uri, shop, { key: 'k1' }))).body.code).toBe(0);
    expect((await create(c, productBody(uri, shop, { key: 'k2' }))).body.code).toBe(0);
    expect((await create(c, productBody(uri, shop, { key: 'k3' }))).body.code).toBe(12052093);
    expect((await create(c, productBody(uri, shop, { key: 'k1' }))).body.code).toBe(0);
    expect(sb.productCount(shop.shop_id)).toBe(2);
    const saved = clock;
    clock += 86_400_000;
    try {
      const tomorrow = clientFor(sb.url, shop, { now: () => clock });
      expect((await tomorrow.json('/product/202309/products', productBody(uri, shop, { key: 'k3' }))).body.code).toBe(0);
    } finally {
      clock = saved;
    }
  });
});

describe('rate limit', () => {
  it('answers HTTP 429 code 36009002 with Retry-After above the shop’s rate, and takes calls again after the wait', async () => {
    const { shop, c } = await shopWithImage();
    await fetch(`${sb.url}/sandbox/shops/${shop.shop_id}/limits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rate_limit_per_second: 3 }),
    });
    const search = () => c.json('/product/202309/products/search', {}, { query: { page_size: '10' } });
    for (let i = 0; i < 3; i++) expect((await search()).status).toBe(200);
    const limited = await search();
    expect([limited.status, limited.body.code]).toEqual([429, 36009002]);
    expect(Number(limited.headers.get('retry-after'))).toBe(1);
    const waitMs = Number(limited.headers.get('x-tts-retry-after-ms'));
    expect(waitMs).toBeGreaterThan(0);
    expect(waitMs).toBeLessThanOrEqual(1000);
    clock += waitMs;
    const moved = clientFor(sb.url, shop, { now: () => clock });
    expect((await moved.json('/product/202309/products/search', {}, { query: { page_size: '10' } })).status).toBe(200);
  });

  it('counts per shop: another shop is not slowed', async () => {
    const { shop, c } = await shopWithImage();
    await fetch(`${sb.url}/sandbox/shops/${shop.shop_id}/limits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rate_limit_per_second: 1 }),
    });
    await c.json('/product/202309/products/search', {}, { query: { page_size: '10' } });
    expect((await c.json('/product/202309/products/search', {}, { query: { page_size: '10' } })).status).toBe(429);
    const other = await shopWithImage();
    expect((await other.c.json('/product/202309/products/search', {}, { query: { page_size: '10' } })).status).toBe(200);
  });
});

describe('search', () => {
  it('finds a shop’s products by seller SKU, never another shop’s', async () => {
    const { shop, c, uri } = await shopWithImage();
    const made = await create(c, productBody(uri, shop));
    await create(c, productBody(uri, shop, { colors: ['Green'] }));
    const res = await c.json('/product/202309/products/search', { seller_skus: ['TS-Red-M'] }, { query: { page_size: '20' } });
    expect(res.body.code).toBe(0);
    expect(res.body.data.total_count).toBe(1);
    expect(res.body.data.products[0]).toMatchObject({ id: made.body.data.product_id, title: 'Sandbox cotton T-shirt' });
    expect(res.body.data.products[0].skus.map((s: { seller_sku: string }) => s.seller_sku)).toContain('TS-Blue-S');
    const stranger = await shopWithImage();
    const none = await stranger.c.json('/product/202309/products/search', { seller_skus: ['TS-Red-M'] }, { query: { page_size: '20' } });
    expect(none.body.data.total_count).toBe(0);
    expect((await c.json('/product/202309/products/search', {}, {})).body.code).toBe(12052003);
  });
});

describe('product page', () => {
  it('shows the description’s allowed tags and escapes the rest', async () => {
    const { shop, c, uri } = await shopWithImage();
    const body = {
      ...productBody(uri, shop),
      description: '<p>Soft <strong>cotton</strong></p><script>alert(1)</script><img src="https://example.com/a.jpg" onerror="x()">',
    };
    const res = await create(c, body);
    const html = await (await fetch(`${sb.url}/sandbox/products/${res.body.data.product_id}`)).text();
    expect(html).toContain('<p>Soft <strong>cotton</strong></p>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('onerror="');
  });

  it('answers 404 for a product or image it does not hold', async () => {
    expect((await fetch(`${sb.url}/sandbox/products/1`)).status).toBe(404);
    expect((await fetch(`${sb.url}/sandbox/images/nope.png`)).status).toBe(404);
  });
});

describe('developer endpoints', () => {
  it('sets the defaults of every shop without its own, lists shops, and refuses a bad limit', async () => {
    const other = await startMarketplaceB({ now: () => clock, rateLimitPerSecond: 7, dailyQuota: 9 });
    try {
      const shop = await newShop(other.url);
      const post = (path: string, body: unknown) =>
        fetch(`${other.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const list = async () => ((await (await fetch(`${other.url}/sandbox/shops`)).json()) as { shops: Record<string, unknown>[] }).shops;
      expect(await list()).toEqual([expect.objectContaining({ shop_id: shop.shop_id, rate_limit_per_second: 7, daily_quota: 9 })]);
      expect((await post('/sandbox/limits', { rate_limit_per_second: 20 })).status).toBe(200);
      expect((await list())[0]).toMatchObject({ rate_limit_per_second: 20, daily_quota: 9 });
      expect((await post(`/sandbox/shops/${shop.shop_id}/limits`, { daily_quota: -1 })).status).toBe(400);
      // A rate of 0 (or below) would refuse every call with no time to wait (Retry-After: NaN).
      for (const rate of [0, -1]) {
        expect((await post(`/sandbox/shops/${shop.shop_id}/limits`, { rate_limit_per_second: rate })).status).toBe(400);
        expect((await post('/sandbox/limits', { rate_limit_per_second: rate })).status).toBe(400);
      }
      expect((await list())[0]).toMatchObject({ rate_limit_per_second: 20 });
      await expect(startMarketplaceB({ rateLimitPerSecond: 0 })).rejects.toThrow(/rateLimitPerSecond/);
      expect((await post(`/sandbox/shops/${shop.shop_id}/limits`, { daily_quota: 0 })).status).toBe(200);
      expect((await post('/sandbox/shops/1/limits', { daily_quota: 1 })).status).toBe(404);
      expect(shop).toMatchObject({ expires_at: Math.floor(clock / 1000) + 7 * 24 * 3600 });
    } finally {
      await other.close();
    }
  });
});

describe('memory', () => {
  it('refuses a multipart upload with a bad sign before reading its body', async () => {
    const shop = await newShop(sb.url);
    const c = clientFor(sb.url, shop, { now: () => clock });
    const url = new URL(c.signedUrl('/product/202309/images/upload', {}, null, () => 'f'.repeat(64)));
    // The body is started and never finished: only a check made before reading it can answer.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=xx', 'x-tts-access-token': shop.access_token },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('--xx\r\nContent-Disposition: form-data; name="data"; filename="a.png"\r\n\r\n' + 'x'.repeat(64 * 1024));
      setTimeout(() => {
        req.destroy();
        reject(new Error('no answer before the body ended'));
        // A ceiling, not a measure: a loaded machine may be slow to answer, never this slow.
      }, 20_000).unref();
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 106001 });
  });

  it('keeps at most imageBytesKept of image bytes: the oldest are dropped (410), their uri still creates', async () => {
    const first = await png(800, 800, { r: 10, g: 20, b: 30 });
    const small = await startMarketplaceB({ now: () => clock, imageBytesKept: first.length * 2 + 10 });
    try {
      const shop = await newShop(small.url);
      const c = clientFor(small.url, shop, { now: () => clock });
      const ups = [];
      for (const color of [
        { r: 10, g: 20, b: 30 },
        { r: 40, g: 50, b: 60 },
        { r: 70, g: 80, b: 90 },
      ])
        ups.push((await c.upload(await png(800, 800, color))).body.data as { uri: string; url: string });
      expect((await fetch(ups[0]!.url)).status).toBe(410);
      expect((await fetch(ups[2]!.url)).status).toBe(200);
      const res = await c.json('/product/202309/products', productBody(ups[0]!.uri, shop));
      expect(res.body.code).toBe(0);
    } finally {
      await small.close();
    }
  });
});
