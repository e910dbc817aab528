import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, MESSAGES, type MessageKey } from '@app/contract';
import { startMarketplaceB, type MarketplaceB, type ShopCredentials } from '@sandbox/marketplace-b';
import { createTiktokAdapter, tiktokError, tiktokSign } from '../src/modules/publish/adapters/tiktok.js';
import type { Listing, ListingSku } from '../src/modules/publish/adapters/types.js';
import type { ShopConnection } from '../src/modules/shops/index.js';
import { TIKTOK_TEMPLATE, tiktokConnection, failure } from './marketplaceShops.js';

/**
 * Marketplace B's adapter (docs/marketplace-b.md#adapter) against its sandbox started in-process over
 * real HTTP: the pre-flight's limits, every refusal mapped to a seller message, the token answers, the
 * rate limit, the idempotency of a concurrent double create and the reconcile by seller SKU. No database.
 */
// One clock for the sandbox and the adapters: the rate window and the signature's timestamp do not depend
// on how fast this machine runs the tests.
const clock = Date.UTC(2026, 0, 15, 12, 0, 0);
let sb: MarketplaceB;
beforeAll(async () => {
  sb = await startMarketplaceB({ now: () => clock });
});
afterAll(() => sb.close());

const adapter = () => createTiktokAdapter({ baseUrl: sb.url, now: () => clock });
const connOf = tiktokConnection;
const dev = (path: string, body: unknown = {}) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
    (r) => r.json() as Promise<Record<string, unknown>>,
  );
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

const template = TIKTOK_TEMPLATE;
function skusFor(colors: string[], sizes: string[], imageRef?: string, prefix = 'FP1'): ListingSku[] {
  let id = 0;
  return colors.flatMap((color) =>
    sizes.map((size) => ({
      variantId: ++id,
      sellerSku: `${prefix}-${color}-${size}`,
      color,
      size,
      price: 19.99,
      inventory: 50,
      ...(imageRef ? { imageRef } : {}),
    })),
  );
}
function listing(mainImages: string[], o: Partial<Listing> = {}): Listing {
  return {
    finishedId: 1,
    keyId: 'FP1',
    title: 'Cotton T-shirt with a custom print',
    description: '<p>Soft cotton.</p>',
    template,
    mainImages,
    skus: skusFor(['Red', 'Blue'], ['S', 'M'], mainImages[0]),
    ...o,
  };
}

/** A fresh sandbox shop with one uploaded main image. */
async function shopWithImage() {
  const shop = (await dev('/sandbox/shops')) as unknown as ShopCredentials;
  const conn = connOf(shop);
  const uri = await adapter().uploadImage(conn, { bytes: await png(600, 600), mime: 'image/png', filename: 'a.png', use: 'MAIN_IMAGE' });
  return { shop, conn, uri };
}

/** The MarketplaceError a promise rejects with. */
/** A seller message is there in both languages with every placeholder filled. */
function readable(key: MessageKey, params?: Record<string, string | number>) {
  expect(MESSAGES[key]).toBeDefined();
  for (const lang of ['zh', 'en'] as const) expect(message(key, lang, params)).not.toMatch(/\{\w+\}/);
}

describe('signing', () => {
  it("matches TikTok's published test vector", () => {
    const params = new URLSearchParams({ app_key: '29a39d', timestamp: '1623812664' });
    expect(tiktokSign('e59af819cc', '/authorization/202309/shops', params, null)).toBe(
      'b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8',
    );
  });
});

describe('validate (the pre-flight)', () => {
  const a = createTiktokAdapter({ baseUrl: 'http://127.0.0.1:9' });
  const keys = (l: Listing) => a.validate(l).map((r) => r.key);
  const ok = listing(['tos-x/1']);

  it('passes a listing within every limit (255 characters, 9 images, 100 SKUs, 0.01 and 7600, 0 and 999999)', () => {
    expect(a.validate(ok)).toEqual([]);
    const skus = skusFor(
      ['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9'],
      ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    ).map((s, i) => ({ ...s, price: i % 2 ? 0.01 : 7600, inventory: i % 2 ? 0 : 999_999 }));
    expect(a.validate({ ...ok, title: 'T'.repeat(255), mainImages: Array(9).fill('tos-x/1'), skus })).toEqual([]);
  });

  const cases: [string, Partial<Listing>, MessageKey, Record<string, string | number>?][] = [
    ['an empty title', { title: '  ' }, 'tiktokTitleEmpty'],
    ['a title of 256', { title: 'T'.repeat(256) }, 'tiktokTitleTooLong', { count: 256, max: 255 }],
    ['Chinese in the title', { title: 'Cotton T-shirt 纯棉' }, 'tiktokTitleChinese'],
    ['emoji in the title', { title: 'Cotton T-shirt 🔥' }, 'tiktokTitleEmoji'],
    ['a description over 10,000', { description: 'x'.repeat(10_001) }, 'tiktokDescriptionTooLong', { count: 10_001, max: 10_000 }],
    [
      'a description with a table',
      { description: '<p>a</p><table><tr><td>x</td></tr></table>' },
      'tiktokDescriptionTags',
      { tags: 'table tr td' },
    ],
    ['no category', { template: { ...template, category_id: '' } }, 'tiktokCategoryMissing'],
    ['no main image', { mainImages: [] }, 'tiktokNoMainImage'],
    ['10 main images', { mainImages: Array(10).fill('tos-x/1') }, 'tiktokTooManyImages', { count: 10, max: 9 }],
    ['no SKU', { skus: [] }, 'tiktokNoSkus'],
    ['a colour of 51 characters', { skus: skusFor(['C'.repeat(51)], ['S']) }, 'tiktokAttributeTooLong', { value: 'C'.repeat(51), max: 50 }],
    [
      'a colour and size twice',
      { skus: [...skusFor(['Red'], ['S']), ...skusFor(['Red'], ['S'], undefined, 'FP2')] },
      'tiktokDuplicateVariant',
      { color: 'Red', size: 'S' },
    ],
    [
      'a price above 7600',
      { skus: skusFor(['Red'], ['S', 'M']).map((s) => ({ ...s, price: 7600.01 })) },
      'tiktokPriceRange',
      { count: 2, sku: 'FP1-Red-S', price: 7600.01, min: 0.01, max: 7600 },
    ],
    ['a price of 0', { skus: skusFor(['Red'], ['S']).map((s) => ({ ...s, price: 0 })) }, 'tiktokPriceRange'],
    ['a price sent as 0.00', { skus: skusFor(['Red'], ['S']).map((s) => ({ ...s, price: 0.004 })) }, 'tiktokPriceRange'],
    [
      'stock of 1,000,000',
      { skus: skusFor(['Red'], ['S']).map((s) => ({ ...s, inventory: 1_000_000 })) },
      'tiktokInventoryRange',
      { count: 1, sku: 'FP1-Red-S', quantity: 1_000_000, max: 999_999 },
    ],
    ['negative stock', { skus: skusFor(['Red'], ['S']).map((s) => ({ ...s, inventory: -1 })) }, 'tiktokInventoryRange'],
    [
      'a seller SKU of 51',
      { skus: skusFor(['Red'], ['S']).map((s) => ({ ...s, sellerSku: 'x'.repeat(51) })) },
      'tiktokSellerSkuTooLong',
      { sku: 'x'.repeat(51), max: 50 },
    ],
    ['no package weight', { template: { ...template, package_weight: 0 } }, 'tiktokWeightMissing'],
    ['a zero package height', { template: { ...template, package_height: 0 } }, 'tiktokDimensionsInvalid'],
    [
      'kilograms with inches',
      { template: { ...template, dimension_unit: 'INCH' } },
      'tiktokUnitsMismatch',
      { weight: 'KILOGRAM', dimension: 'INCH' },
    ],
    [
      'pounds with centimetres',
      { template: { ...template, weight_unit: 'POUND' } },
      'tiktokUnitsMismatch',
      { weight: 'POUND', dimension: 'CENTIMETER' },
    ],
  ];
  it.each(cases)('refuses %s', (_what, change, key, params) => {
    const reasons = a.validate({ ...ok, ...change });
    expect(reasons.map((r) => r.key)).toContain(key);
    const reason = reasons.find((r) => r.key === key)!;
    if (params) expect(reason.params).toEqual(params);
    readable(key, reason.params);
  });

  it('checks the package as it is sent (3 decimals, a plain decimal): 0.0004 and 1e21 are refused, 0.001 and 10000 pass', () => {
    const pkg = (o: Record<string, unknown>) => keys({ ...ok, template: { ...template, ...o } });
    expect(pkg({ package_weight: 0.0004 })).toContain('tiktokWeightRange');
    expect(pkg({ package_weight: 1e21 })).toContain('tiktokWeightRange');
    expect(pkg({ package_height: '0.0001' })).toContain('tiktokDimensionsRange');
    expect(pkg({ package_length: 1e21 })).toContain('tiktokDimensionsRange');
    expect(pkg({ package_weight: 0.001, package_length: 10_000 })).toEqual([]);
    const r = a.validate({ ...ok, template: { ...template, package_weight: 0.0004 } }).find((x) => x.key === 'tiktokWeightRange')!;
    expect(r.params).toEqual({ min: 0.001, max: 10_000 });
    readable(r.key, r.params);
  });

  it('refuses SKUs that do not all carry a colour and a size, naming the SKU', () => {
    const skus = skusFor(['Red', 'Blue'], ['S', 'M']);
    for (const gap of [{ color: '' }, { size: '  ' }]) {
      const reasons = a.validate({ ...ok, skus: [...skus.slice(0, 3), { ...skus[3]!, ...gap }] });
      const r = reasons.find((x) => x.key === 'publishSkuAttributeEmpty')!;
      expect(r.params).toEqual({ sku: 'FP1-Blue-M' });
      expect(message(r.key, 'zh', r.params)).toBe('变体 FP1-Blue-M 的颜色或尺码为空，而其他变体都有：请在变体表中补全，或取消勾选该变体');
    }
    // Colours only, on every SKU, is one attribute set.
    expect(keys({ ...ok, skus: skus.filter((s) => s.size === 'S').map((s) => ({ ...s, size: '' })) })).toEqual([]);
  });

  it('says "颜色×尺码共 120 个 SKU，超过 100" for 12 colours × 10 sizes', () => {
    const colors = Array.from({ length: 12 }, (_, i) => `Colour${i}`);
    const sizes = Array.from({ length: 10 }, (_, i) => `S${i}`);
    const reasons = a.validate({ ...ok, skus: skusFor(colors, sizes) });
    const r = reasons.find((x) => x.key === 'tiktokTooManySkus')!;
    expect(message(r.key, 'zh', r.params)).toBe('颜色×尺码共 120 个 SKU，超过 100');
    expect(message('tiktokTitleChinese', 'zh')).toBe('标题含中文，TikTok 不接受');
  });

  it('takes POUND with INCH and no dimensions at all', () => {
    expect(keys({ ...ok, template: { ...template, weight_unit: 'POUND', dimension_unit: 'INCH' } })).toEqual([]);
    expect(keys({ ...ok, template: { ...template, package_length: '', package_width: '', package_height: '' } })).toEqual([]);
  });
});

describe('create against the sandbox', () => {
  it('uploads multipart, creates with SKU ids per seller SKU, carries the warnings, and the page shows it', async () => {
    const { conn, shop, uri } = await shopWithImage();
    const made = await adapter().createProduct(conn, listing([uri]), 'pub-1');
    expect(made.remoteProductId).toMatch(/^\d+$/);
    expect(Object.keys(made.skuIds).sort()).toEqual(['FP1-Blue-M', 'FP1-Blue-S', 'FP1-Red-M', 'FP1-Red-S']);
    expect(made.warnings.join(' ')).toMatch(/description has no images/);
    const html = await (await fetch(made.remoteUrl)).text();
    expect(html).toContain('Cotton T-shirt with a custom print');
    expect(html).toContain('Color: Blue, Size: M');
    expect(html).toContain('19.99 USD');
    expect(sb.productCount(shop.shop_id)).toBe(1);
  });

  it('builds the body from the template: POUND–INCH, AS_DRAFT, brand, size chart; the colour carries the image', async () => {
    const { conn, shop, uri } = await shopWithImage();
    const t = {
      ...template,
      weight_unit: 'POUND',
      dimension_unit: 'INCH',
      package_weight: '0.7',
      save_mode: 'AS_DRAFT',
      brand_id: '7082427311584347905',
      size_chart_uri: uri,
    };
    const made = await adapter().createProduct(conn, listing([uri], { template: t }), 'pub-draft');
    const list = (await (await fetch(`${sb.url}/sandbox/products?shop_id=${shop.shop_id}`)).json()) as {
      products: { product_id: string; status: string }[];
    };
    expect(list.products).toEqual([expect.objectContaining({ product_id: made.remoteProductId, status: 'DRAFT' })]);
    const html = await (await fetch(made.remoteUrl)).text();
    // Every SKU row shows its colour's image (sku_img on Color only; a second attribute with images would be refused).
    expect(html.match(/<tr class="sku">.*?<img /g)?.length).toBe(4);
  });

  it('is idempotent under a concurrent double create: one product in the sandbox', async () => {
    const { conn, shop, uri } = await shopWithImage();
    const a = adapter();
    const [one, two] = await Promise.all([
      a.createProduct(conn, listing([uri]), 'pub-7-shop-3'),
      a.createProduct(conn, listing([uri]), 'pub-7-shop-3'),
    ]);
    expect(two.remoteProductId).toBe(one.remoteProductId);
    expect(two.skuIds).toEqual(one.skuIds);
    expect(sb.productCount(shop.shop_id)).toBe(1);
  });

  it('finds what it created by seller SKU (reconcile after a crash), and nothing for a listing never sent', async () => {
    const { conn, uri } = await shopWithImage();
    const a = adapter();
    const l = listing([uri]);
    expect(await a.findProduct(conn, l)).toBeNull();
    const made = await a.createProduct(conn, l, 'pub-9');
    const found = await a.findProduct(conn, l);
    expect(found).toEqual({ ...made, warnings: [] });
    expect(await a.findProduct(conn, { ...l, skus: skusFor(['Red'], ['S'], uri, 'OTHER') })).toBeNull();
  });

  it('never claims a product the seller made elsewhere that shares only some of the seller SKUs', async () => {
    const { conn, uri } = await shopWithImage();
    const a = adapter();
    const l = listing([uri]);
    // The seller's own listing holds FP1-Red-S (and a SKU of its own), never the rest of ours.
    const elsewhere = [...skusFor(['Red'], ['S'], uri), ...skusFor(['Red'], ['M'], uri, 'MINE')];
    await a.createProduct(conn, listing([uri], { skus: elsewhere }), 'made-elsewhere');
    expect(await a.findProduct(conn, l)).toBeNull();
    const made = await a.createProduct(conn, l, 'ours');
    expect((await a.findProduct(conn, l))?.remoteProductId).toBe(made.remoteProductId);
  });
});

describe('refusals against the sandbox, each mapped to its seller message', () => {
  const create = async (change: (l: Listing, uri: string) => Listing) => {
    const { conn, shop, uri } = await shopWithImage();
    const err = await failure(adapter().createProduct(conn, change(listing([uri]), uri), 'k'));
    expect(sb.productCount(shop.shop_id)).toBe(0);
    return err;
  };
  const cases: [string, (l: Listing, uri: string) => Listing, MessageKey][] = [
    ['Chinese in the title', (l) => ({ ...l, title: 'Cotton 纯棉 T-shirt' }), 'tiktokTitleCharacters'],
    ['emoji in the title', (l) => ({ ...l, title: 'Cotton T-shirt 🔥' }), 'tiktokTitleCharacters'],
    ['a title of 256', (l) => ({ ...l, title: 'T'.repeat(256) }), 'tiktokTitleLength'],
    ['a description over 10,000', (l) => ({ ...l, description: 'x'.repeat(10_001) }), 'tiktokDescriptionLength'],
    ['a category that is not a leaf', (l) => ({ ...l, template: { ...template, category_id: '601152' } }), 'tiktokCategoryNotLeaf'],
    ['no main image', (l) => ({ ...l, mainImages: [] }), 'tiktokMainImageRequired'],
    ['10 main images', (l, uri) => ({ ...l, mainImages: Array(10).fill(uri) }), 'tiktokTooManyImagesRemote'],
    ['an unknown image uri', (l) => ({ ...l, mainImages: ['tos-sandbox-i-b/never-uploaded'] }), 'tiktokImageUnknown'],
    [
      '101 SKUs',
      (l) => ({
        ...l,
        skus: skusFor(
          Array.from({ length: 101 }, (_, i) => `C${i}`),
          ['S'],
        ),
      }),
      'tiktokTooManySkusRemote',
    ],
    [
      'a colour and size twice',
      (l) => ({ ...l, skus: [...skusFor(['Red'], ['S']), ...skusFor(['Red'], ['S'], undefined, 'FP2')] }),
      'tiktokDuplicateAttributes',
    ],
    [
      'a colour of 51 characters',
      (l) => ({ ...l, skus: skusFor(['C'.repeat(51)], ['S']).map((s) => ({ ...s, sellerSku: 'FP1-long' })) }),
      'tiktokAttributeText',
    ],
    ['a price above 7600', (l) => ({ ...l, skus: l.skus.map((s) => ({ ...s, price: 7600.01 })) }), 'tiktokPrice'],
    ['stock of 1,000,000', (l) => ({ ...l, skus: l.skus.map((s) => ({ ...s, inventory: 1_000_000 })) }), 'tiktokInventory'],
    [
      'a seller SKU of 51',
      (l) => ({ ...l, skus: l.skus.map((s, i) => ({ ...s, sellerSku: 'x'.repeat(49) + i + 'x' })) }),
      'tiktokSellerSkuLength',
    ],
    ['kilograms with inches', (l) => ({ ...l, template: { ...template, dimension_unit: 'INCH' } }), 'tiktokPackageUnits'],
    ['no package weight', (l) => ({ ...l, template: { ...template, package_weight: 0 } }), 'tiktokPackageUnits'],
  ];
  it.each(cases)('%s', async (_what, change, key) => {
    const err = await create(change);
    expect([err.kind, err.key]).toEqual(['refused', key]);
    expect(err.remote.code).toMatch(/^\d+$/);
    readable(key);
  });

  it('a warehouse that is not the shop’s', async () => {
    const { shop, uri } = await shopWithImage();
    const err = await failure(adapter().createProduct({ ...connOf(shop), warehouse_id: '42' }, listing([uri]), 'k'));
    expect([err.kind, err.key]).toEqual(['refused', 'tiktokWarehouse']);
  });

  it('images: too small, not JPG/PNG, more than 5 MB', async () => {
    const { conn } = await shopWithImage();
    const a = adapter();
    const up = (bytes: Buffer, mime = 'image/png') => failure(a.uploadImage(conn, { bytes, mime, filename: 'x.png', use: 'MAIN_IMAGE' }));
    expect((await up(await png(80, 600))).key).toBe('tiktokImageTooSmall');
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await up(gif, 'image/gif')).key).toBe('tiktokImageFormat');
    const noise = await sharp(Buffer.from(Array.from({ length: 1400 * 1400 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 1400, height: 1400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect((await up(noise)).key).toBe('tiktokImageTooLarge');
  });

  it('a JSON (base64) upload, 4 attribute levels and images on two attributes (which the adapter never sends) map too', async () => {
    const { conn, uri } = await shopWithImage();
    // Raw calls signed with the adapter's signature: the answers the adapter would map.
    const raw = async (path: string, body: unknown) => {
      const bytes = Buffer.from(JSON.stringify(body));
      const params = new URLSearchParams({
        app_key: conn.app_key,
        timestamp: String(Math.floor(clock / 1000)),
        shop_cipher: conn.shop_cipher,
      });
      params.set('sign', tiktokSign(conn.app_secret, path, params, bytes));
      const res = await fetch(`${sb.url}${path}?${params}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tts-access-token': conn.access_token },
        body: bytes,
      });
      return tiktokError(res.status, res.headers, (await res.json()) as never);
    };
    expect((await raw('/product/202309/images/upload', { data: (await png(200, 200)).toString('base64') }))?.key).toBe(
      'tiktokUploadRefused',
    );
    const sku = (attrs: unknown[]) => ({
      seller_sku: 'A',
      sales_attributes: attrs,
      price: { amount: '10', currency: 'USD' },
      inventory: [{ warehouse_id: conn.warehouse_id, quantity: 1 }],
    });
    const body = (attrs: unknown[]) => ({
      title: 'Cotton T-shirt',
      description: '<p>x</p>',
      category_id: '601226',
      main_images: [{ uri }],
      skus: [sku(attrs)],
      package_weight: { value: '1', unit: 'KILOGRAM' },
    });
    const four = ['Color', 'Size', 'Fit', 'Sleeve'].map((name) => ({ name, value_name: 'v' }));
    expect((await raw('/product/202309/products', body(four)))?.key).toBe('tiktokTooManyAttributes');
    const twoImages = [
      { name: 'Color', value_name: 'Red', sku_img: { uri } },
      { name: 'Size', value_name: 'S', sku_img: { uri } },
    ];
    expect((await raw('/product/202309/products', body(twoImages)))?.key).toBe('tiktokImagesOnTwoAttributes');
    for (const key of ['tiktokUploadRefused', 'tiktokTooManyAttributes', 'tiktokImagesOnTwoAttributes'] as const) readable(key);
  });

  it('the daily listing quota', async () => {
    const { conn, shop, uri } = await shopWithImage();
    await dev(`/sandbox/shops/${shop.shop_id}/limits`, { daily_quota: 1 });
    await adapter().createProduct(conn, listing([uri]), 'q1');
    const err = await failure(adapter().createProduct(conn, listing([uri], { skus: skusFor(['Green'], ['S'], uri) }), 'q2'));
    expect([err.kind, err.key, err.remote.code]).toEqual(['refused', 'tiktokDailyQuota', '12052093']);
    expect(sb.productCount(shop.shop_id)).toBe(1);
  });
});

describe('the gate: sign, time, token, shop cipher, rate', () => {
  it('a wrong app secret is a refused sign; no secret in the error', async () => {
    const { conn, uri } = await shopWithImage();
    const err = await failure(adapter().createProduct({ ...conn, app_secret: 'not-the-secret' }, listing([uri]), 'k'));
    expect([err.kind, err.key, err.remote.code]).toEqual(['refused', 'tiktokSignRefused', '106001']);
    const shown = JSON.stringify({ ...err, message: err.message });
    for (const secret of [conn.app_secret, conn.access_token, conn.refresh_token, conn.shop_cipher]) expect(shown).not.toContain(secret);
  });

  it('a clock more than 5 minutes off', async () => {
    const { conn, uri } = await shopWithImage();
    const late = createTiktokAdapter({ baseUrl: sb.url, now: () => clock - 6 * 60_000 });
    const err = await failure(late.createProduct(conn, listing([uri]), 'k'));
    expect([err.kind, err.key]).toEqual(['refused', 'tiktokClockSkew']);
  });

  it('a missing shop_cipher', async () => {
    const { conn, uri } = await shopWithImage();
    const err = await failure(adapter().createProduct({ ...conn, shop_cipher: '' }, listing([uri]), 'k'));
    expect([err.kind, err.key]).toEqual(['refused', 'tiktokShopCipher']);
  });

  it('an expired token answers tokenExpired; the refresh gives tokens that work; a revoked refresh is refused', async () => {
    const { conn, shop, uri } = await shopWithImage();
    const a = adapter();
    await dev(`/sandbox/shops/${shop.shop_id}/expire-token`);
    const err = await failure(a.createProduct(conn, listing([uri]), 'k'));
    expect([err.kind, err.key, err.remote.code]).toEqual(['tokenExpired', 'tiktokTokenExpired', '105002']);
    const unknown = await failure(a.createProduct({ ...conn, access_token: 'TTP_unknown' }, listing([uri]), 'k'));
    expect([unknown.kind, unknown.key]).toEqual(['tokenExpired', 'tiktokTokenInvalid']);
    const tokens = await a.refreshToken(conn);
    expect(tokens.access_token).not.toBe(conn.access_token);
    expect(tokens.expires_at).toBeGreaterThan(clock / 1000);
    const renewed = { ...conn, ...tokens, token_expires_at: tokens.expires_at };
    expect((await a.createProduct(renewed, listing([uri]), 'k')).remoteProductId).toMatch(/^\d+$/);
    await dev(`/sandbox/shops/${shop.shop_id}/revoke-refresh-token`);
    const refused = await failure(a.refreshToken(renewed));
    expect([refused.kind, refused.key]).toEqual(['refused', 'tiktokRefreshRefused']);
    expect(JSON.stringify({ ...refused, message: refused.message })).not.toContain(conn.app_secret);
    readable('tiktokRefreshRefused');
  });

  it('above the rate: rateLimited with the wait the sandbox asked for (waitMs > 0)', async () => {
    const { conn, shop, uri } = await shopWithImage();
    await dev(`/sandbox/shops/${shop.shop_id}/limits`, { rate_limit_per_second: 1 });
    const a = adapter();
    const l = listing([uri]);
    await a.findProduct(conn, l);
    const err = await failure(a.findProduct(conn, l));
    expect(err.kind).toBe('rateLimited');
    expect(err.key).toBe('tiktokRateLimited');
    expect(err.remote.code).toBe('36009002');
    expect(err.waitMs).toBeGreaterThan(0);
    expect(err.waitMs).toBeLessThanOrEqual(1000);
    readable('tiktokRateLimited');
  });
});

describe('unavailable', () => {
  let hanging: Server;
  let failing: Server;
  const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  beforeAll(async () => {
    hanging = createServer(() => undefined);
    failing = createServer((_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    await Promise.all([hanging, failing].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await Promise.all([hanging, failing].map((s) => new Promise((r) => s.close(r))));
  });
  const conn: ShopConnection = {
    platform: 15,
    app_key: 'k',
    app_secret: 's',
    access_token: 't',
    refresh_token: 'r',
    token_expires_at: 0,
    shop_cipher: 'c',
    warehouse_id: 'w',
  };

  it('a 5xx, a timeout and a closed port are unavailable (the queue retries)', async () => {
    for (const a of [
      createTiktokAdapter({ baseUrl: urlOf(failing) }),
      createTiktokAdapter({ baseUrl: urlOf(hanging), timeoutMs: 300 }),
      createTiktokAdapter({ baseUrl: 'http://127.0.0.1:9' }),
    ]) {
      const err = await failure(a.createProduct(conn, listing(['tos-x/1']), 'k'));
      expect([err.kind, err.key]).toEqual(['unavailable', 'tiktokUnavailable']);
    }
    readable('tiktokUnavailable');
  });
});
