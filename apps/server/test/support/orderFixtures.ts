import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { expect } from 'vitest';
import { routes } from '@app/contract';
import { generateDemoCatalogue } from '../../src/demo/catalogue/generate.js';
import { importCatalogue } from '../../src/modules/catalogue/import.js';
import { BILL_TYPE, walletQueries } from '../../src/modules/wallet/index.js';
import type { AppConfig } from '../../src/config.js';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../helper.js';

/** Test setup of the order and wallet suites (docs/orders.md): the T-shirt to order, accounts, cart lines, money. */

/** A shipping address checkout accepts (a US one, with the state's code and a postcode). */
export const ORDER_ADDRESS = {
  recipient: 'Jane Doe',
  phone: '+1 415 555 0100',
  country: 'US',
  province: 'CA',
  city: 'San Francisco',
  address1: '1 Market St',
  postcode: '94105',
};

export const accountIdOf = async (app: TestApp, username: string) =>
  Number((await app.db.db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);

/** The demo family's account ids (demo, demo-a, demo-b) and rival.shop's, another family registered here. */
export async function orderAccounts(app: TestApp): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const u of ['demo', 'demo-a', 'demo-b']) ids[u] = await accountIdOf(app, u);
  await app.call({ method: 'POST', url: routes.register.path, payload: { username: 'rival.shop', password: TEST_PASSWORD } });
  ids['rival.shop'] = await accountIdOf(app, 'rival.shop');
  return ids;
}

export interface TshirtSku {
  id: number;
  color: string;
  size: string;
  price: number;
}

export interface ImportedTshirt {
  productId: number;
  /** Its SKUs in their order (`sort`). */
  skus: TshirtSku[];
  /** The temporary folder the catalogue was generated in, there until `cleanup`. */
  dir: string;
  cleanup: () => void;
}

/**
 * Generates the demo T-shirt (300 px pictures) into a temporary folder and imports it with the catalogue
 * importer; its product id and SKUs. The folder stays (a suite may write scratch files there) until `cleanup`.
 */
export async function importTshirt(app: TestApp): Promise<ImportedTshirt> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-orders-cat-'));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await generateDemoCatalogue(dir, { only: ['tshirt'], size: 300 });
    await importCatalogue(dir, { db: app.db.db, storage: app.storage, now: () => app.clock.now });
  } catch (e) {
    cleanup();
    throw e;
  }
  const productId = (await app.db.db.selectFrom('product').select('id').where('code', '=', 'tshirt').executeTakeFirstOrThrow()).id;
  const skus = (
    await app.db.db
      .selectFrom('product_sku')
      .select(['id', 'color', 'size', 'price'])
      .where('product_id', '=', productId)
      .orderBy('sort')
      .execute()
  ).map((s) => ({ ...s, price: Number(s.price) }));
  return { productId, skus, dir, cleanup };
}

/** A test app (one compose thread, and `overrides`) with the T-shirt imported (importTshirt): what the order suites start from. */
export async function openOrderApp(overrides: Partial<AppConfig> = {}): Promise<{ app: TestApp; tshirt: ImportedTshirt }> {
  const app = await buildTestApp({ composeThreads: 1, ...overrides });
  try {
    return { app, tshirt: await importTshirt(app) };
  } catch (e) {
    await app.close();
    throw e;
  }
}

/** Closes what openOrderApp opened (either may be missing where it failed). */
export async function closeOrderApp(app: TestApp | undefined, tshirt: ImportedTshirt | undefined): Promise<void> {
  await app?.close();
  tshirt?.cleanup();
}

/** A cart line straight in the table (the cart's own calls are tested with the cart); its id. */
export async function insertCartLine(
  app: TestApp,
  line: { ownerId: number; productId: number; skuId: number; num?: number },
): Promise<number> {
  const row = await app.db.db
    .insertInto('cart_item')
    .values({
      owner_id: line.ownerId,
      product_id: line.productId,
      attr_id: line.skuId,
      num: line.num ?? 1,
      extends: '{}',
      img_urls: '["/files/x.jpg"]',
      created_at: 1,
      updated_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Money into a wallet as a credited recharge puts it (the recharge calls are the payment provider's), at the
 * app clock's time; by the wallet's owner unless `accountId` (and its `officeId`) say who recharged.
 */
export const creditWallet = (app: TestApp, c: { walletId: number; amount: string; ref: string; accountId?: number; officeId?: number }) =>
  app.db.db.transaction().execute((trx) =>
    walletQueries(trx).move(
      {
        walletId: c.walletId,
        accountId: c.accountId ?? c.walletId,
        officeId: c.officeId ?? 0,
        type: BILL_TYPE.recharge,
        amount: new Decimal(c.amount),
        orderNo: '',
        ref: c.ref,
        at: app.clock.now,
      },
      false,
    ),
  );

export type PaidOrder = { id: number; order_no: string; total: string };

/**
 * The bill history of bills.test.ts and billExport.test.ts, its money moved through the real calls (checkout,
 * pay, cancel), recharges as a credited recharge writes them:
 *
 *   Nov 1 09:00      demo      充值 +1000.00
 *   Nov 1 10:00      demo-a    充值  +200.00 (demo-a's office)
 *   Nov 2 10:00      demo-a    订单支付 −A (order A, 2 units)
 *   Nov 2 23:59:59.5 demo      订单支付 −B (order B, 1 unit)
 *   Nov 3 10:00      demo-a    退款 +A (A cancelled)
 *   Nov 3 10:01      demo-a    订单支付 −C (order C, 3 units)
 *
 * and rival.shop's recharges of its own wallet (0.10, 0.20 and 12345678.91). Leaves the app clock at Nov 3 10:01.
 */
export async function seedBillHistory(
  app: TestApp,
  tshirt: Pick<ImportedTshirt, 'productId' | 'skus'>,
): Promise<{ ids: Record<string, number>; officeA: number; A: PaidOrder; B: PaidOrder; C: PaidOrder }> {
  const ids = await orderAccounts(app);
  const officeA = Number(
    (await app.db.db.selectFrom('account').select('office_id').where('id', '=', ids['demo-a']!).executeTakeFirstOrThrow()).office_id,
  );
  const at = (ms: number) => (app.clock.now = ms);
  const orderAndPay = async (as: string, sku: number, num: number): Promise<PaidOrder> => {
    const cartId = await insertCartLine(app, { ownerId: ids[as]!, productId: tshirt.productId, skuId: sku, num });
    const made = await app.api(routes.orderCreate, {
      as,
      body: { cart_ids: String(cartId), address: ORDER_ADDRESS, shipping_method: 'economy' },
    });
    expect(made.body.code, made.text).toBe(1);
    const paid = await app.api(routes.orderPay, { as, body: { id: made.data.id } });
    expect(paid.body.code, paid.text).toBe(1);
    return made.data;
  };
  const rival = ids['rival.shop']!;

  at(Date.UTC(2026, 10, 1, 9));
  await creditWallet(app, { walletId: ids.demo!, amount: '1000.00', ref: 'R-demo' });
  at(Date.UTC(2026, 10, 1, 10));
  await creditWallet(app, { walletId: ids.demo!, accountId: ids['demo-a']!, officeId: officeA, amount: '200.00', ref: 'R-demo-a' });
  // Amounts a float sum gets wrong (0.1 + 0.2), and a large one.
  await creditWallet(app, { walletId: rival, amount: '0.10', ref: 'R-rival-1' });
  await creditWallet(app, { walletId: rival, amount: '0.20', ref: 'R-rival-2' });
  await creditWallet(app, { walletId: rival, amount: '12345678.91', ref: 'R-rival-3' });
  at(Date.UTC(2026, 10, 2, 10));
  const A = await orderAndPay('demo-a', tshirt.skus[0]!.id, 2);
  at(Date.UTC(2026, 10, 2, 23, 59, 59, 500));
  const B = await orderAndPay('demo', tshirt.skus[1]!.id, 1);
  at(Date.UTC(2026, 10, 3, 10));
  const cancel = await app.api(routes.orderCancel, { as: 'demo-a', body: { id: A.id } });
  expect(cancel.data.refunded).toBe(A.total);
  at(Date.UTC(2026, 10, 3, 10, 1));
  const C = await orderAndPay('demo-a', tshirt.skus[0]!.id, 3);
  return { ids, officeA, A, B, C };
}

/** openOrderApp with the bill history seeded (seedBillHistory). */
export async function openBillHistoryApp() {
  const { app, tshirt } = await openOrderApp();
  try {
    return { app, tshirt, ...(await seedBillHistory(app, tshirt)) };
  } catch (e) {
    await closeOrderApp(app, tshirt);
    throw e;
  }
}
