/**
 * `npm run bench:orders` (the README's figures; docs/orders.md#the-wallet): 100 orders of one wallet paid at once
 * through the HTTP app when the balance covers exactly 50 of them — on SQLite, then on PostgreSQL when one answers
 * at PG_ADMIN_URL (a database made for the run and dropped after). Each run: how many were paid and refused, the
 * balance left (exactly 0.00), whether the bill lines add up to it, the seconds for the 100 at once, and as the
 * baseline the seconds for 100 more paid one after the other in the same process. Then (bench/ordersFlow.ts) the same
 * recharge notify 10 times at once, and 200 orders of 3 lines through the factory sandbox to 已发货 with the event
 * loop's p99. Last line: one line of JSON. `-- --quick` (CI's smoke run): 20 orders, 10 through the factory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import pg from 'pg';
import { routes } from '@app/contract';
import { defaultAppConfig } from '../apps/server/src/config.js';
import { openServices } from '../apps/server/src/services.js';
import { buildApp } from '../apps/server/src/app.js';
import { seedDemoAccounts } from '../apps/server/src/demo/accounts.js';
import { generateDemoCatalogue } from '../apps/server/src/demo/catalogue/generate.js';
import { importCatalogue } from '../apps/server/src/modules/catalogue/index.js';
import { walletQueries } from '../apps/server/src/modules/wallet/index.js';
import { flowFigures } from './ordersFlow.js';
import { BENCH_ADDRESS, demoSeller } from './ordersKit.js';

const quick = process.argv.includes('--quick');
const ORDERS = quick ? 20 : 100;
/** Orders of 3 lines sent through the factory sandbox. */
const FACTORY_ORDERS = quick ? 10 : 200;
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (m: string) => process.stderr.write(`${m}\n`);
const round = (n: number) => Math.round(n * 1000) / 1000;

/** A fresh PostgreSQL database for the run, or undefined when none answers. */
async function pgDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `bench_orders_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      // pg's pool.end() resolves before its sockets have closed: wait for them, so FORCE cuts no closing connection
      // (which surfaces as an unhandled 57P01 error in this process).
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function run(db: 'sqlite' | 'pg', databaseUrl: string | undefined, catalogueDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  const config = { ...defaultAppConfig(dataDir), logLevel: 'warn', runJobs: false, seedDemo: false, databaseUrl };
  const services = await openServices(config);
  const { app } = await buildApp(services);
  try {
    const now = () => Date.now();
    await seedDemoAccounts({ repo: services.accountRepo, passwords: services.passwords, now, log: () => undefined });
    await importCatalogue(catalogueDir, { db: services.db.db, storage: services.storage, now });
    const q = services.db.db;
    const { owner, call, credit } = await demoSeller(app, q);
    const sku = await q.selectFrom('product_sku').select(['id', 'product_id']).orderBy('id').executeTakeFirstOrThrow();
    /** `n` orders of one line each, placed through the API. */
    async function placeOrders(n: number) {
      const lines = await q
        .insertInto('cart_item')
        .values(
          Array.from({ length: n }, () => ({
            owner_id: owner,
            product_id: sku.product_id,
            attr_id: sku.id,
            num: 1,
            extends: '{}',
            created_at: 1,
            updated_at: 1,
          })),
        )
        .returning('id')
        .execute();
      const ids: number[] = [];
      for (const l of lines) {
        const made = await call(routes.orderCreate, { cart_ids: String(l.id), address: BENCH_ADDRESS, shipping_method: 'economy' });
        if (made.body.code !== 1) throw new Error(`order: ${JSON.stringify(made.body)}`);
        ids.push(Number(made.body.data.id));
      }
      return ids;
    }
    const orders = await placeOrders(ORDERS);
    const total = new Decimal((await q.selectFrom('orders').select('total').where('id', '=', orders[0]!).executeTakeFirstOrThrow()).total);
    await credit(total.times(ORDERS / 2), 'bench-1');

    const t0 = performance.now();
    const results = await Promise.all(orders.map((id) => call(routes.orderPay, { id })));
    const concurrentS = (performance.now() - t0) / 1000;
    const paid = results.filter((r) => r.body.code === 1).length;
    const refused = results.filter((r) => r.status === 402).length;
    const balance = (await walletQueries(q).balance(owner)).toFixed(2);
    const bills = await q.selectFrom('bill').select('amount').where('wallet_id', '=', owner).execute();
    const billsAddUp = bills.reduce((s, b) => s.plus(b.amount), new Decimal(0)).toFixed(2) === balance;

    // The baseline: as many more paid one after the other, with the money for all of them.
    const more = await placeOrders(ORDERS);
    await credit(total.times(ORDERS), 'bench-2');
    const t1 = performance.now();
    for (const id of more) await call(routes.orderPay, { id });
    const sequentialS = (performance.now() - t1) / 1000;
    log(
      `${db}: ${ORDERS} payments at once on a wallet covering ${ORDERS / 2}: ${paid} paid, ${refused} refused, balance ${balance}, ` +
        `bills add up: ${billsAddUp}; ${concurrentS.toFixed(2)} s at once, ${sequentialS.toFixed(2)} s one after the other`,
    );
    return {
      db,
      orders: ORDERS,
      paid,
      refused,
      balance,
      bills_add_up: billsAddUp,
      at_once_s: round(concurrentS),
      one_by_one_s: round(sequentialS),
      ratio: round(concurrentS / sequentialS),
    };
  } finally {
    await app.close();
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-cat-'));
try {
  await generateDemoCatalogue(catalogueDir, { only: ['tshirt'], size: 300 });
  const figures = [await run('sqlite', undefined, catalogueDir)];
  const pgDb = await pgDatabase();
  if (pgDb)
    try {
      figures.push(await run('pg', pgDb.url, catalogueDir));
    } finally {
      await pgDb.drop();
    }
  else log('PostgreSQL: none answered at PG_ADMIN_URL; SQLite only');
  const flow = await flowFigures(catalogueDir, FACTORY_ORDERS, log);
  const ok =
    figures.every((f) => f.paid === f.orders / 2 && f.refused === f.orders / 2 && f.balance === '0.00' && f.bills_add_up) &&
    flow.notify_credits === 1 &&
    flow.factory_shipped === FACTORY_ORDERS &&
    flow.factory_sent_twice === 0;
  process.stdout.write(
    `${JSON.stringify({
      quick,
      payments: figures,
      ...flow,
      ok,
      targets: { paid: ORDERS / 2, balance: '0.00', notify_credits: 1, factory_shipped: FACTORY_ORDERS, factory_event_loop_p99_ms: 50 },
    })}\n`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  fs.rmSync(catalogueDir, { recursive: true, force: true });
}
