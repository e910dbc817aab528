import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '@app/contract';
import { startMarketplaceA, type MarketplaceA, type ShopCredentials as ShopA } from '@sandbox/marketplace-a';
import { startMarketplaceB, type MarketplaceB, type ShopCredentials as ShopB } from '@sandbox/marketplace-b';
import { createAliexpressAdapter } from '../src/modules/publish/adapters/aliexpress.js';
import { aePacificDate, aePacificMs, createAliexpressOrders } from '../src/modules/publish/adapters/aliexpressOrders.js';
import type { MarketplaceOrders, MarketOrderChange } from '../src/modules/publish/adapters/orderTypes.js';
import { createTiktokAdapter } from '../src/modules/publish/adapters/tiktok.js';
import { createTiktokOrders } from '../src/modules/publish/adapters/tiktokOrders.js';
import type { Listing } from '../src/modules/publish/adapters/types.js';
import type { ShopConnection } from '../src/modules/shops/index.js';
import { AE_TEMPLATE, aliexpressConnection, TIKTOK_TEMPLATE, tiktokConnection, failure } from './marketplaceShops.js';

/**
 * The buyer-order calls of both marketplaces' adapters (docs/marketplace-a.md#orders, docs/marketplace-b.md#orders)
 * against their sandboxes in-process over real HTTP: changes paged, details read into the neutral order, carriers,
 * shipping, and every shipment refusal in the seller's words. No database.
 */
let t = Date.UTC(2026, 5, 15, 9, 0, 0);
const clock = () => t;
const png = () =>
  sharp({ create: { width: 640, height: 640, channels: 3, background: '#2d6cdf' } })
    .png()
    .toBuffer();
const post = (base: string, path: string, body: unknown = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
    async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }),
  );

/** The MarketplaceError a promise rejects with. */
/** Every change since `since`, page after page. */
async function allChanges(orders: MarketplaceOrders, conn: ShopConnection, since: number): Promise<MarketOrderChange[]> {
  const changes: MarketOrderChange[] = [];
  let page: string | undefined;
  for (let i = 0; i < 50; i++) {
    const answer = await orders.changedOrders(conn, since, page);
    changes.push(...answer.changes);
    page = answer.nextPage;
    if (!page) return changes;
  }
  throw new Error('the pages never ended');
}

const listingOf = (mainImages: string[], template: Record<string, unknown>, prefix: string): Listing => ({
  finishedId: 1,
  keyId: prefix,
  title: 'Cotton T-shirt with a custom print',
  description: '<p>Soft cotton.</p>',
  template,
  mainImages,
  skus: ['M', 'L'].map((size, i) => ({
    variantId: i + 1,
    sellerSku: `${prefix}-Black-${size}`,
    color: 'Black',
    size,
    price: 19.99,
    inventory: 500,
    imageRef: mainImages[0]!,
  })),
});

describe('marketplace B (TikTok Shop): orders', () => {
  let sb: MarketplaceB;
  let conn: ShopConnection;
  let shop: ShopB;
  const orders = () => createTiktokOrders({ baseUrl: sb.url, now: clock });
  const connOf = tiktokConnection;
  const place = async (body: Record<string, unknown>) => {
    const r = await post(sb.url, '/sandbox/orders', { shop_id: shop.shop_id, ...body });
    expect(r.status).toBe(200);
    return r.body.order_ids as string[];
  };

  beforeAll(async () => {
    sb = await startMarketplaceB({ now: clock, rateLimitPerSecond: 1000 });
    shop = (await post(sb.url, '/sandbox/shops')).body as unknown as ShopB;
    conn = connOf(shop);
    const products = createTiktokAdapter({ baseUrl: sb.url, now: clock });
    const uri = await products.uploadImage(conn, { bytes: await png(), mime: 'image/png', filename: 'a.png', use: 'MAIN_IMAGE' });
    await products.createProduct(conn, listingOf([uri], TIKTOK_TEMPLATE, 'FPB'), 'orders-1');
  });
  afterAll(() => sb.close());

  it('pages through every change since a moment, oldest first, and reads each order with its lines folded per SKU', async () => {
    const since = t;
    t += 1000;
    const many = await place({ count: 120, seller_sku: 'FPB-Black-M' });
    const [two] = await place({ seller_sku: 'FPB-Black-L', quantity: 2, region_code: 'GB' });
    const changes = await allChanges(orders(), conn, since);
    expect(changes.map((c) => c.remoteOrderId).sort()).toEqual([...many, two!].sort());
    expect(changes.every((c) => c.state === 'awaitingShipment' && c.remoteStatus === 'AWAITING_SHIPMENT')).toBe(true);
    // Nothing changed after now.
    t += 1000;
    expect((await orders().changedOrders(conn, t)).changes).toEqual([]);

    const [order] = await orders().orders(conn, [two!]);
    expect(order!.lines).toHaveLength(1);
    expect(order!.lines[0]).toMatchObject({ sellerSku: 'FPB-Black-L', quantity: 2, unitPrice: '19.99' });
    expect(order!.currency).toBe('USD');
    expect(order!.buyerPaid).toBe('44.97');
    expect(order!.buyerShipping).toBe('4.99');
    expect(order!.recipient.country).toBe('GB');
    expect(order!.recipient.name).not.toBe('');
    expect(order!.recipient.address1).not.toBe('');
    expect(order!.recipient.postcode).not.toBe('');
    // 50 ids a call; an unknown one is left out.
    const fifty = await orders().orders(conn, [...many.slice(0, 49), '999999999999999999']);
    expect(fifty).toHaveLength(49);
  });

  it('ships with a provider the order may use, and says in the seller’s words why a shipment is refused', async () => {
    const [first, second, cancelled] = await place({ count: 3, seller_sku: 'FPB-Black-M' });
    const [order] = await orders().orders(conn, [first!]);
    const carriers = await orders().carriers(conn, order!);
    const usps = carriers.find((c) => c.name === 'USPS');
    expect(usps).toBeDefined();

    const tracking = '9400111899223100012345';
    expect((await failure(orders().ship(conn, order!, { carrier: '123', trackingNumber: tracking }))).key).toBe('tiktokCarrierUnknown');
    const bad = await failure(orders().ship(conn, order!, { carrier: usps!.code, trackingNumber: 'x' }));
    expect(bad.key).toBe('tiktokTrackingInvalid');
    expect(message(bad.key, 'zh')).toContain('运单号');

    await orders().ship(conn, order!, { carrier: usps!.code, trackingNumber: tracking });
    const [shipped] = await orders().orders(conn, [first!]);
    expect(shipped!.state).toBe('shipped');
    expect(shipped!.tracking).toEqual({ carrier: 'USPS', number: tracking });
    expect((await failure(orders().ship(conn, shipped!, { carrier: usps!.code, trackingNumber: tracking }))).key).toBe(
      'tiktokOrderShipped',
    );

    expect((await post(sb.url, `/sandbox/orders/${cancelled}/cancel`)).status).toBe(200);
    const [gone] = await orders().orders(conn, [cancelled!]);
    expect(gone!.state).toBe('cancelled');
    expect(gone!.cancelledBy).toBe('buyer');
    expect((await failure(orders().ship(conn, gone!, { carrier: usps!.code, trackingNumber: tracking }))).key).toBe(
      'tiktokOrderNotShippable',
    );

    // Another shop's order is unknown to this one.
    const other = connOf((await post(sb.url, '/sandbox/shops')).body as unknown as ShopB);
    const [mine] = await orders().orders(conn, [second!]);
    expect(await orders().orders(other, [second!])).toEqual([]);
    expect((await failure(orders().ship(other, mine!, { carrier: usps!.code, trackingNumber: tracking }))).key).toBe('tiktokOrderUnknown');
  });
});

describe('marketplace A (AliExpress): orders', () => {
  let sandbox: MarketplaceA;
  let shop: ShopA;
  let conn: ShopConnection;
  const orders = () => createAliexpressOrders({ baseUrl: sandbox.url, now: clock });
  const connOf = aliexpressConnection;
  const place = async (body: Record<string, unknown>, who = shop) => {
    const r = await post(sandbox.url, '/sandbox/orders', { app_key: who.app_key, ...body });
    expect(r.status).toBe(200);
    return r.body.order_ids as string[];
  };

  beforeAll(async () => {
    sandbox = await startMarketplaceA({ now: clock, ratePerSecond: 1000 });
    shop = sandbox.createShop({ name: 'orders shop' });
    conn = connOf(shop);
    const products = createAliexpressAdapter({ baseUrl: sandbox.url, now: clock });
    const image = await products.uploadImage(conn, { bytes: await png(), mime: 'image/png', filename: 'a.png', use: 'MAIN_IMAGE' });
    await products.createProduct(conn, listingOf([image], AE_TEMPLATE, 'FPA'), 'orders-a');
  });
  afterAll(() => sandbox.close());

  it('reads AliExpress’s Pacific dates both ways, summer and winter', () => {
    const summer = Date.UTC(2026, 5, 15, 17, 0, 0);
    const winter = Date.UTC(2026, 0, 15, 20, 0, 0);
    expect(aePacificDate(summer)).toBe('2026-06-15 10:00:00');
    expect(aePacificDate(winter)).toBe('2026-01-15 12:00:00');
    expect(aePacificMs('2026-06-15 10:00:00')).toBe(summer);
    expect(aePacificMs('2026-01-15 12:00:00')).toBe(winter);
  });

  it('pages through open orders and then ended ones, so a buyer’s cancel is seen; reads an order’s detail', async () => {
    const since = t;
    t += 2000;
    const placed = await place({ count: 60, sku_code: 'FPA-Black-M' });
    const [two] = await place({ sku_code: 'FPA-Black-L', quantity: 2, country: 'ES' });
    expect((await post(sandbox.url, `/sandbox/orders/${placed[0]}/cancel`)).status).toBe(200);
    const changes = await allChanges(orders(), conn, since);
    const ids = changes.map((c) => c.remoteOrderId);
    expect(new Set(ids)).toEqual(new Set([...placed, two!]));
    expect(changes.find((c) => c.remoteOrderId === placed[0])!.state).toBe('cancelled');
    expect(changes.find((c) => c.remoteOrderId === two)!.state).toBe('awaitingShipment');

    const [order] = await orders().orders(conn, [two!]);
    expect(order!.lines).toEqual([expect.objectContaining({ sellerSku: 'FPA-Black-L', quantity: 2, unitPrice: '19.99' })]);
    expect(order!.currency).toBe('USD');
    expect(order!.recipient.country).toBe('ES');
    expect(order!.recipient.city).not.toBe('');
    expect(order!.createdAt).toBe(Math.floor(t / 1000) * 1000);
    const [ended] = await orders().orders(conn, [placed[0]!]);
    expect(ended!.state).toBe('cancelled');
    expect(ended!.cancelledBy).toBe('buyer');
    // Another shop's order is not this shop's to read.
    const other = connOf(sandbox.createShop({ name: 'other' }));
    expect(await orders().orders(other, [two!])).toEqual([]);
  });

  it('ships with a logistics service and says in the seller’s words why a shipment notice is refused', async () => {
    const [first, inCancel, cancelled, theirs] = await place({ count: 3, sku_code: 'FPA-Black-M' }).then(async (ids) => [
      ...ids,
      ...(await place({ sku_code: 'FPA-Black-M' })),
    ]);
    const carriers = await orders().carriers(conn, (await orders().orders(conn, [first!]))[0]!);
    expect(carriers.map((c) => c.code)).toEqual(expect.arrayContaining(['UPS', 'CAINIAO_STANDARD', 'DHL']));
    const [order] = await orders().orders(conn, [first!]);
    const ups = '1Z999AA10123456784';

    expect((await failure(orders().ship(conn, order!, { carrier: 'NOPE', trackingNumber: ups }))).key).toBe('aeCarrierUnknown');
    expect((await failure(orders().ship(conn, order!, { carrier: 'UPS', trackingNumber: '12' }))).key).toBe('aeTrackingInvalid');
    await orders().ship(conn, order!, { carrier: 'UPS', trackingNumber: ups });
    const [shipped] = await orders().orders(conn, [first!]);
    expect(shipped!.state).toBe('shipped');
    expect(shipped!.tracking).toEqual({ carrier: 'UPS', number: ups });
    const again = await failure(orders().ship(conn, shipped!, { carrier: 'UPS', trackingNumber: ups }));
    expect(again.key).toBe('aeOrderShipped');
    expect(message(again.key, 'en')).toBe('The order already has a shipment notice on AliExpress');

    expect((await post(sandbox.url, `/sandbox/orders/${inCancel}/cancel`, { request_only: true })).status).toBe(200);
    const [asked] = await orders().orders(conn, [inCancel!]);
    expect((await failure(orders().ship(conn, asked!, { carrier: 'UPS', trackingNumber: ups }))).key).toBe('aeOrderInCancel');
    expect((await post(sandbox.url, `/sandbox/orders/${cancelled}/cancel`)).status).toBe(200);
    const [ended] = await orders().orders(conn, [cancelled!]);
    expect((await failure(orders().ship(conn, ended!, { carrier: 'UPS', trackingNumber: ups }))).key).toBe('aeOrderNotShippable');

    const other = connOf(sandbox.createShop({ name: 'another' }));
    const [mine] = await orders().orders(conn, [theirs!]);
    expect((await failure(orders().ship(other, mine!, { carrier: 'UPS', trackingNumber: ups }))).key).toBe('aeOrderUnknown');
  });
});
