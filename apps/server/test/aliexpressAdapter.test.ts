import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '@app/contract';
import { startMarketplaceA, type MarketplaceA, type ShopCredentials } from '@sandbox/marketplace-a';
import { createAliexpressAdapter, signAliexpress } from '../src/modules/publish/adapters/aliexpress.js';
import type { Listing, ListingSku } from '../src/modules/publish/adapters/types.js';
import type { ShopConnection } from '../src/modules/shops/index.js';
import { AE_TEMPLATE, aliexpressConnection, failure } from './marketplaceShops.js';

// Marketplace A's adapter against its sandbox, in-process over real HTTP (docs/marketplace-a.md). The
// clock is the test's, shared by both sides: time moves only when a test moves it.
let t = Date.UTC(2026, 10, 1, 9, 0, 0);
let sandbox: MarketplaceA;
let shop: ShopCredentials;
let conn: ShopConnection;
let images: string[] = [];
const adapter = () => createAliexpressAdapter({ baseUrl: sandbox.url, now: () => t });

const connOf = aliexpressConnection;

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 220, g: 40, b: 40 } } })
    .png()
    .toBuffer();

const TEMPLATE = AE_TEMPLATE;

let nextListing = 1;
function listing(over: Partial<Listing> = {}, skus?: ListingSku[]): Listing {
  const n = nextListing++;
  const colors = ['Black', 'White'];
  const sizes = ['M', 'L'];
  return {
    finishedId: n,
    keyId: `F${n}`,
    title: `Cat T-shirt ${n}`,
    description: '<p>Soft cotton</p>',
    template: { ...TEMPLATE },
    mainImages: images.slice(0, 2),
    skus:
      skus ??
      colors.flatMap((color, ci) =>
        sizes.map((size, si) => ({
          variantId: n * 100 + ci * 10 + si,
          sellerSku: `F${n}-${color}-${size}`,
          color,
          size,
          price: 19.99,
          discountPrice: 15.5,
          inventory: 100,
          imageRef: images[ci]!,
        })),
      ),
    ...over,
  };
}
const withSku = (l: Listing, over: Partial<ListingSku>): Listing => ({ ...l, skus: [{ ...l.skus[0]!, ...over }, ...l.skus.slice(1)] });

beforeAll(async () => {
  sandbox = await startMarketplaceA({ now: () => t, ratePerSecond: 1000, banSeconds: 3 });
  shop = sandbox.createShop({ name: 'adapter shop' });
  conn = connOf(shop);
  images = [];
  for (let i = 0; i < 7; i++)
    images.push(
      await adapter().uploadImage(conn, { bytes: await png(600 + i, 600), mime: 'image/png', filename: `m${i}.png`, use: 'MAIN_IMAGE' }),
    );
});
afterAll(() => sandbox.close());

describe('signing', () => {
  it("matches the test vector computed with Python's hmac (docs/marketplace-a.md#signing)", () => {
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
    expect(signAliexpress(secret, '', params)).toBe('5E2CBC7C4C1564DE26BB7CEAF1A4B76A9DEFDDFC2DAA10DF9748347DFAA9C0A9');
    const refresh = { app_key: '500001', refresh_token: '50001refresh', sign_method: 'sha256', timestamp: '1764000000000' };
    expect(signAliexpress(secret, '/auth/token/refresh', refresh)).toBe('2A877DFE9887F848408FE83ABF0353D134AE3ECFDB9762BBD57286BFA60F2217');
  });
});

describe('validate (the pre-flight)', () => {
  it('passes a listing within every limit', () => {
    expect(adapter().validate(listing())).toEqual([]);
  });

  const L = () => listing();
  const cases: [string, () => Listing, string, Record<string, string | number>?][] = [
    ['no main image', () => listing({ mainImages: [] }), 'aeMainImagesMissing'],
    ['seven main images', () => listing({ mainImages: images.slice(0, 7) }), 'aeMainImagesTooMany', { max: 6, count: 7 }],
    ['an empty title', () => listing({ title: '  ' }), 'aeTitleMissing'],
    ['a 129-character title', () => listing({ title: 'é'.repeat(129) }), 'aeTitleTooLong', { max: 128, count: 129 }],
    ['an empty description', () => listing({ description: '' }), 'aeDescriptionMissing'],
    ['no category', () => listing({ template: { ...TEMPLATE, category_id: null } }), 'aeCategoryMissing'],
    ['no freight template', () => listing({ template: { ...TEMPLATE, freight_template_id: '' } }), 'aeFreightTemplateMissing'],
    ['no promise template', () => listing({ template: { ...TEMPLATE, promise_template_id: undefined } }), 'aeServicePolicyMissing'],
    ['no product unit', () => listing({ template: { ...TEMPLATE, product_unit: '' } }), 'aeProductUnitMissing'],
    ['weight 0', () => listing({ template: { ...TEMPLATE, weight: 0 } }), 'aeWeightOutOfRange', { min: 0.001, max: 500 }],
    ['weight 501', () => listing({ template: { ...TEMPLATE, weight: '501' } }), 'aeWeightOutOfRange', { min: 0.001, max: 500 }],
    ['a 701 cm side', () => listing({ template: { ...TEMPLATE, package_width: 701 } }), 'aePackageSizeOutOfRange', { max: 700 }],
    ['malformed attributes', () => listing({ template: { ...TEMPLATE, attributes: '{oops' } }), 'aeAttributesInvalid'],
    ['no SKU', () => listing({}, []), 'aeSkusMissing'],
    [
      '101 SKUs',
      () => {
        const l = L();
        return { ...l, skus: Array.from({ length: 101 }, (_, i) => ({ ...l.skus[0]!, sellerSku: `S${i}`, size: `S${i}` })) };
      },
      'aeSkusTooMany',
      { count: 101, max: 100 },
    ],
    ['price 0', () => withSku(L(), { price: 0, discountPrice: undefined }), 'aePriceOutOfRange'],
    ['price 1000000', () => withSku(L(), { price: 1_000_000 }), 'aePriceOutOfRange'],
    ['a discount equal to the price', () => withSku(L(), { discountPrice: 19.99 }), 'aeDiscountNotBelowPrice'],
    ['a discount that is sent equal to the price', () => withSku(L(), { price: 10.004, discountPrice: 10.001 }), 'aeDiscountNotBelowPrice'],
    ['a price that is sent as 0.00', () => withSku(L(), { price: 0.004, discountPrice: undefined }), 'aePriceOutOfRange'],
    ['a SKU with no size', () => withSku(L(), { size: '' }), 'publishSkuAttributeEmpty'],
    ['a SKU with a colour of spaces', () => withSku(L(), { color: '  ' }), 'publishSkuAttributeEmpty'],
    ['inventory 0', () => withSku(L(), { inventory: 0 }), 'aeInventoryOutOfRange'],
    ['inventory 1000000', () => withSku(L(), { inventory: 1_000_000 }), 'aeInventoryOutOfRange'],
    ['a colour with #', () => withSku(L(), { color: 'Bl#ck' }), 'aeColorValueChars', { value: 'Bl#ck' }],
    ['a colour with ,', () => withSku(L(), { color: 'Black, matte' }), 'aeColorValueChars', { value: 'Black, matte' }],
    ['a size with :', () => withSku(L(), { size: 'EU:42' }), 'aeSizeValueChars', { value: 'EU:42' }],
    ['a size with =', () => withSku(L(), { size: 'L=42' }), 'aeSizeValueChars', { value: 'L=42' }],
    ['a seller SKU with a space', () => withSku(L(), { sellerSku: 'A B' }), 'aeSkuCodeInvalid', { sku: 'A B', max: 50 }],
    ['a seller SKU of 51 characters', () => withSku(L(), { sellerSku: 'x'.repeat(51) }), 'aeSkuCodeInvalid'],
    [
      'a seller SKU used twice',
      () => {
        const l = L();
        return withSku(l, { sellerSku: l.skus[1]!.sellerSku });
      },
      'aeSkuCodeDuplicate',
    ],
    ['the same colour and size twice', () => withSku(L(), { size: 'L' }), 'aeSkuDuplicate', { color: 'Black', size: 'L' }],
  ];
  it.each(cases)('refuses %s', (_name, make, key, params) => {
    const reasons = adapter().validate(make());
    expect(reasons.map((r) => r.key)).toContain(key);
    if (params) expect(reasons.find((r) => r.key === key)?.params).toMatchObject(params);
  });

  it('words the reasons so a seller can act on them', () => {
    const reasons = adapter().validate(withSku(listing({ mainImages: images.slice(0, 7) }), { color: 'Bl#ck' }));
    const zh = reasons.map((r) => message(r.key, 'zh', r.params));
    expect(zh).toContain('主图最多 6 张，现有 7 张');
    expect(zh).toContain('颜色值不能含 # : = ,（Bl#ck）');
    expect(message(reasons[0]!.key, 'en', reasons[0]!.params)).toBe('At most 6 main images: this product has 7');
  });
});

describe('upload, create and find', () => {
  it('uploads a JPG to the photo bank and the URL serves its bytes', async () => {
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const url = await adapter().uploadImage(conn, { bytes, mime: 'image/jpeg', filename: 'a.jpg', use: 'ATTRIBUTE_IMAGE' });
    const got = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(got.equals(bytes)).toBe(true);
  });

  it('never puts the session or the sign in a URL', async () => {
    const urls: string[] = [];
    const a = createAliexpressAdapter({
      baseUrl: sandbox.url,
      now: () => t,
      fetch: (url, init) => {
        urls.push(String(url));
        return fetch(url, init);
      },
    });
    await a.uploadImage(conn, { bytes: await png(300, 300), mime: 'image/png', filename: 'u.png', use: 'MAIN_IMAGE' });
    await a.findProduct(conn, listing());
    expect(urls.length).toBeGreaterThan(1);
    for (const u of urls) expect(u).not.toMatch(/session|sign=|access_token|50000/);
  });

  it('creates the product, answers its SKU ids and page, and finds it again by its seller SKUs', async () => {
    const l = listing();
    const before = sandbox.products().length;
    const created = await adapter().createProduct(conn, l, 'unused-by-A');
    expect(sandbox.products().length).toBe(before + 1);
    expect(Object.keys(created.skuIds).sort()).toEqual(l.skus.map((s) => s.sellerSku).sort());
    const html = await (await fetch(created.remoteUrl)).text();
    expect(html).toContain(l.title);
    expect(html).toContain('Color: White, Size: L');
    expect(html).toContain('19.99');

    const found = await adapter().findProduct(conn, l);
    expect(found).toEqual(created);
    // Another listing, or the same one on another shop, finds nothing.
    expect(await adapter().findProduct(conn, listing())).toBeNull();
    expect(await adapter().findProduct(connOf(sandbox.createShop()), l)).toBeNull();
  });

  it('sends the template: category, attributes, freight and service templates, unit, package, brand; images on the colour', async () => {
    const l = listing();
    const created = await adapter().createProduct(conn, l, 'k');
    const p = sandbox.products().find((x) => x.productId === created.remoteProductId)!;
    expect(p).toMatchObject({
      categoryId: 200000346,
      freightTemplateId: '1000',
      servicePolicyId: '2000',
      productUnit: '100000015',
      weight: 0.25,
      packageSize: [30, 20, 3],
      brandName: 'NoBrand',
      attributeList: [{ attribute_name: 'Material', attribute_value: 'Cotton' }],
    });
    expect(p.skus[0]!.attributes).toEqual([
      { sku_attribute_name_id: 14, sku_attribute_value: 'Black', sku_image_url: images[0] },
      { sku_attribute_name_id: 5, sku_attribute_value: 'M' },
    ]);
    expect(p.skus[0]).toMatchObject({ price: 19.99, discount_price: 15.5, inventory: 100 });
  });
});

describe("the marketplace's refusals, each in the seller's words, nothing created", () => {
  // createProduct without the pre-flight: what the sandbox itself refuses and how the adapter words it.
  const cases: [string, () => Listing, string][] = [
    ['seven main images', () => listing({ mainImages: images.slice(0, 7) }), 'aeMainImagesTooMany'],
    ['an image not uploaded to this shop', () => listing({ mainImages: ['https://cdn.example.com/x.jpg'] }), 'aeImageNotInPhotobank'],
    ['a 129-character title', () => listing({ title: 'x'.repeat(129) }), 'aeTitleTooLong'],
    ['a category that is not a leaf', () => listing({ template: { ...TEMPLATE, category_id: 200000345 } }), 'aeCategoryNotLeaf'],
    ['an unknown category', () => listing({ template: { ...TEMPLATE, category_id: 42 } }), 'aeCategoryInvalid'],
    ['no category', () => listing({ template: { ...TEMPLATE, category_id: '' } }), 'aeCategoryMissing'],
    ['weight 0', () => listing({ template: { ...TEMPLATE, weight: 0 } }), 'aeWeightOutOfRange'],
    ['a 701 cm side', () => listing({ template: { ...TEMPLATE, package_height: 701 } }), 'aePackageSizeOutOfRange'],
    ['no freight template', () => listing({ template: { ...TEMPLATE, freight_template_id: '' } }), 'aeFreightTemplateMissing'],
    ['no promise template', () => listing({ template: { ...TEMPLATE, promise_template_id: '' } }), 'aeServicePolicyMissing'],
    ['no product unit', () => listing({ template: { ...TEMPLATE, product_unit: '' } }), 'aeProductUnitMissing'],
    ['price 0', () => withSku(listing(), { price: 0, discountPrice: undefined }), 'aePriceOutOfRange'],
    ['a discount above the price', () => withSku(listing(), { discountPrice: 25 }), 'aeDiscountNotBelowPrice'],
    ['inventory 0', () => withSku(listing(), { inventory: 0 }), 'aeInventoryOutOfRange'],
    ['a colour with =', () => withSku(listing(), { color: 'Bl=ck' }), 'aeAttributeValueChars'],
    ['the same colour and size twice', () => withSku(listing(), { size: 'L' }), 'aeSkuDuplicate'],
    [
      'a seller SKU used twice',
      () => {
        const l = listing();
        return withSku(l, { sellerSku: l.skus[1]!.sellerSku });
      },
      'aeSkuCodeDuplicate',
    ],
    [
      '101 SKUs',
      () => {
        const l = listing();
        return { ...l, skus: Array.from({ length: 101 }, (_, i) => ({ ...l.skus[0]!, sellerSku: `S${i}`, size: `S${i}` })) };
      },
      'aeSkusTooMany',
    ],
  ];
  it.each(cases)('%s', async (_name, make, key) => {
    const before = sandbox.products().length;
    const e = await failure(adapter().createProduct(conn, make(), 'k'));
    expect(e.kind).toBe('refused');
    expect(e.key).toBe(key);
    expect(message(e.key, 'zh', e.params)).not.toMatch(/\{\w+\}/);
    expect(sandbox.products().length).toBe(before);
  });

  it('names the seller SKU the marketplace complained about', async () => {
    const l = withSku(listing(), { price: 0, discountPrice: undefined });
    const e = await failure(adapter().createProduct(conn, l, 'k'));
    expect(message(e.key, 'zh', e.params)).toBe(`${l.skus[0]!.sellerSku} 的价格 0 须在 0.01–999999 之间`);
    expect(e.remote.code).toBe('41/isv.price-range');
  });

  it('refuses an image that is not a JPG or PNG, too small, or too heavy', async () => {
    const a = adapter();
    const up = (bytes: Buffer, mime = 'image/png') => failure(a.uploadImage(conn, { bytes, mime, filename: 'x', use: 'MAIN_IMAGE' }));
    expect((await up(Buffer.from('GIF89a'), 'image/gif')).key).toBe('aeImageFormat');
    const fake = await up(Buffer.from('this is not a png at all'));
    expect([fake.kind, fake.key, fake.remote.code]).toEqual(['refused', 'aeImageFormat', '41/isv.image-format']);
    const tiny = await up(await png(60, 60));
    expect([tiny.key, tiny.params]).toEqual(['aeImageDimensions', { min: 100, max: 5000 }]);
    expect((await up(Buffer.alloc(3 * 1024 * 1024 + 1))).key).toBe('aeImageTooLarge');
  });
});

describe('the connection', () => {
  it('tells an expired session apart (tokenExpired), refreshes it, and goes on with the new token', async () => {
    const s = sandbox.createShop({ name: 'expiring', accessTtlSeconds: 3600 });
    const c = connOf(s);
    t += 3601_000;
    const e = await failure(adapter().findProduct(c, listing()));
    expect([e.kind, e.key, e.remote.code]).toEqual(['tokenExpired', 'aeTokenExpired', 'IllegalAccessToken']);
    const fresh = await adapter().refreshToken(c);
    expect(fresh.access_token).not.toBe(s.access_token);
    expect(fresh.refresh_token).not.toBe(s.refresh_token);
    expect(fresh.expires_at).toBe(Math.floor(t / 1000) + 86_400);
    expect(await adapter().findProduct({ ...c, ...fresh, token_expires_at: fresh.expires_at }, listing())).toBeNull();
  });

  it('a session expired through the sandbox is tokenExpired too', async () => {
    const s = sandbox.createShop();
    await fetch(`${sandbox.url}/sandbox/shops/${s.app_key}/expire`, { method: 'POST' });
    expect((await failure(adapter().createProduct(connOf(s), listing(), 'k'))).kind).toBe('tokenExpired');
  });

  it('a revoked refresh token asks the seller to reconnect the shop', async () => {
    const s = sandbox.createShop();
    await fetch(`${sandbox.url}/sandbox/shops/${s.app_key}/revoke-refresh-tokens`, { method: 'POST' });
    const e = await failure(adapter().refreshToken(connOf(s)));
    expect([e.kind, e.key, e.remote.code]).toEqual(['refused', 'aeNeedsReconnect', 'IllegalRefreshToken']);
    expect(message(e.key, 'zh')).toBe('速卖通授权已失效，请在店铺页重新授权');
  });

  it('a wrong app secret is a refused signature; a clock 20 minutes off is named as such', async () => {
    const bad = await failure(adapter().findProduct({ ...conn, app_secret: 'not-the-secret' }, listing()));
    expect([bad.kind, bad.key, bad.remote.code]).toEqual(['refused', 'aeSignatureRefused', 'IncompleteSignature']);
    const skewed = createAliexpressAdapter({ baseUrl: sandbox.url, now: () => t - 20 * 60_000 });
    expect((await failure(skewed.findProduct(conn, listing()))).key).toBe('aeClockSkew');
  });

  it('ApiCallLimits: rateLimited with the wait the ban names', async () => {
    const s = connOf(sandbox.createShop({ name: 'busy' }));
    sandbox.setRate(2, 3);
    try {
      const a = adapter();
      // Not finding a product asks once per status: the third call in one second is over the rate.
      const e = await failure(a.findProduct(s, listing()));
      expect([e.kind, e.key, e.waitMs, e.params]).toEqual(['rateLimited', 'aeRateLimited', 3000, { seconds: 3 }]);
      expect(message(e.key, 'zh', e.params)).toBe('速卖通限流，3 秒后继续');
      // Every call is refused until the ban ends, then calls go through again.
      const image = { bytes: await png(200, 200), mime: 'image/png', filename: 'a.png', use: 'MAIN_IMAGE' as const };
      t += 2000;
      expect((await failure(a.uploadImage(s, image))).waitMs).toBe(1000);
      t += 1000;
      expect(await a.uploadImage(s, image)).toMatch(/\/photobank\//);
    } finally {
      sandbox.setRate(1000, 3);
    }
  });

  it('a ban on reading the SKU ids right after the post is waited out: every SKU id is answered', async () => {
    const l = listing();
    t += 5000;
    sandbox.setRate(1, 2);
    try {
      // The post is the shop's one call of this second; the read after it is banned for 2 seconds.
      const waits: number[] = [];
      const a = createAliexpressAdapter({ baseUrl: sandbox.url, now: () => t, sleep: async (ms) => void (waits.push(ms), (t += ms)) });
      const created = await a.createProduct(conn, l, 'k');
      expect(waits).toEqual([2000]);
      expect(Object.keys(created.skuIds).sort()).toEqual(l.skus.map((s) => s.sellerSku).sort());
    } finally {
      sandbox.setRate(1000, 3);
      t += 5000;
    }
  });

  it('a read that stays banned after the post is unavailable (never a rate limit that would post again); the job finds it', async () => {
    const l = listing();
    t += 5000;
    sandbox.setRate(1, 60);
    const before = sandbox.products().length;
    try {
      const a = createAliexpressAdapter({ baseUrl: sandbox.url, now: () => t, sleep: async () => undefined });
      const e = await failure(a.createProduct(conn, l, 'k'));
      expect([e.kind, e.key, e.remote.code]).toEqual(['unavailable', 'aeUnavailable', 'created-unread']);
      expect(sandbox.products().length).toBe(before + 1);
    } finally {
      sandbox.setRate(1000, 3);
      t += 61_000;
    }
    // The job's next run reconciles: the product, with every SKU id, and no second post.
    const found = await adapter().findProduct(conn, l);
    expect(found?.remoteProductId).toBe(sandbox.products().at(-1)!.productId);
    expect(Object.keys(found!.skuIds).sort()).toEqual(l.skus.map((s) => s.sellerSku).sort());
    expect(sandbox.products().length).toBe(before + 1);
  });

  it('network failure, a 5xx and a time-out are unavailable, and no error carries a secret', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const down = await failure(createAliexpressAdapter({ baseUrl: `http://127.0.0.1:${port}` }).createProduct(conn, listing(), 'k'));
    expect([down.kind, down.key]).toEqual(['unavailable', 'aeUnavailable']);

    const failing = http.createServer((_req, res) => res.writeHead(503).end('busy'));
    const silent = http.createServer(() => undefined);
    for (const srv of [failing, silent]) await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const url = (srv: http.Server) => `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
      const e503 = await failure(createAliexpressAdapter({ baseUrl: url(failing) }).refreshToken(conn));
      expect([e503.kind, e503.remote.code]).toEqual(['unavailable', '503']);
      const slow = await failure(
        createAliexpressAdapter({ baseUrl: url(silent), timeoutMs: 200 }).uploadImage(conn, {
          bytes: await png(200, 200),
          mime: 'image/png',
          filename: 'a.png',
          use: 'MAIN_IMAGE',
        }),
      );
      expect([slow.kind, slow.remote.code]).toEqual(['unavailable', 'timeout']);
      for (const err of [down, e503, slow]) {
        const text = `${String(err)} ${JSON.stringify(err)} ${err.stack ?? ''}`;
        for (const secret of [conn.app_secret, conn.access_token, conn.refresh_token]) expect(text).not.toContain(secret);
      }
    } finally {
      silent.closeAllConnections();
      for (const srv of [failing, silent]) await new Promise<void>((r) => srv.close(() => r()));
    }
  });
});
