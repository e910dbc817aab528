/**
 * The figures of `npm run bench:orders` that need the server listening (docs/orders.md#recharging,
 * docs/orders.md#production), on SQLite, in this process:
 * - the same recharge notify delivered 10 times at once (its first delivery lost): how many credits (1);
 * - `orders` orders of 3 lines paid one after the other, each followed through the factory sandbox at its fast
 *   pace to 已发货: how many arrived, how many the factory got twice (0), the seconds, and the API's event-loop
 *   p99 meanwhile (monitorEventLoopDelay on this process's loop, where the API answers).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ORDER_STATUS, routes } from '@app/contract';
import { frontDesign } from '@app/design/fixtures';
import { defaultAppConfig, type AppConfig } from '../apps/server/src/config.js';
import { openServices } from '../apps/server/src/services.js';
import { buildApp } from '../apps/server/src/app.js';
import { seedDemoAccounts } from '../apps/server/src/demo/accounts.js';
import { importCatalogue } from '../apps/server/src/modules/catalogue/index.js';
import { startPaymentSandboxIfUnset } from '../apps/server/src/modules/payments/index.js';
import { startFactoryIfUnset } from '../apps/server/src/modules/fulfilment/index.js';
import { BILL_TYPE, NOTIFY_PATH } from '../apps/server/src/modules/wallet/index.js';
import sharp from 'sharp';
import { BENCH_ADDRESS, demoSeller } from './ordersKit.js';

const round = (n: number) => Math.round(n * 1000) / 1000;

export async function flowFigures(catalogueDir: string, orders: number, log: (m: string) => void) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-flow-'));
  const config: AppConfig = {
    ...defaultAppConfig(dataDir),
    logLevel: 'warn',
    seedDemo: false,
    composeThreads: 1,
    factory: { speed: 'fast' },
  };
  // Both sandboxes on threads of their own, as `npm start` runs them: the event loop measured is the API's alone.
  const payments = await startPaymentSandboxIfUnset(config);
  const factory = await startFactoryIfUnset(config);
  const factoryUrl = config.factory.url!;
  const factoryKey = config.factory.apiKey!;
  const services = await openServices(config);
  await services.startJobs();
  const { app } = await buildApp(services);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    config.publicUrl = base;
    await services.production.connect();
    const now = () => Date.now();
    await seedDemoAccounts({ repo: services.accountRepo, passwords: services.passwords, now, log: () => undefined });
    await importCatalogue(catalogueDir, { db: services.db.db, storage: services.storage, now });
    const q = services.db.db;
    const { owner, call: answer, credit } = await demoSeller(app, q);
    const call = async (route: { method: string; path: string }, payload?: object) => (await answer(route, payload)).body;

    // --- the same notify 10 times at once --------------------------------------------------------------
    // Its own delivery goes nowhere (the notify address is made from PUBLIC_URL when the recharge starts).
    config.publicUrl = 'http://127.0.0.1:9';
    const started = await call(routes.walletRecharge, { amount: '88.00' });
    config.publicUrl = base;
    const gateway = new URL(config.payment.gatewayUrl!).origin;
    const rec = await q
      .selectFrom('recharge')
      .select('out_trade_no')
      .where('id', '=', Number(started.data.recharge_id))
      .executeTakeFirstOrThrow();
    await fetch(`${gateway}/sandbox/trades/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: started.data.pay_url }),
    });
    let form: Record<string, string> | undefined;
    for (let i = 0; i < 200 && !form; i++) {
      const t = (await (
        await fetch(`${gateway}/sandbox/trades?app_id=${config.payment.appId}&out_trade_no=${rec.out_trade_no}`)
      ).json()) as { notify?: Record<string, string> };
      form = t.notify;
      if (!form) await new Promise((r) => setTimeout(r, 50));
    }
    if (!form) throw new Error('the payment sandbox never made the notify');
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () =>
        (
          await fetch(`${base}${NOTIFY_PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(form).toString(),
          })
        ).text(),
      ),
    );
    const credits = (
      await q.selectFrom('bill').select('id').where('type', '=', BILL_TYPE.recharge).where('ref', '=', rec.out_trade_no).execute()
    ).length;
    log(`notify: the same notify 10 times at once → ${credits} credit, answers ${[...new Set(answers)].join('/')}`);

    // --- orders through the factory --------------------------------------------------------------------
    const art = `catalogue/bench-art.png`;
    await services.storage.put(
      art,
      await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1d4ed8' } })
        .png()
        .toBuffer(),
    );
    const skus = await q.selectFrom('product_sku').select(['id', 'product_id']).orderBy('id').limit(3).execute();
    await credit(10_000_000, 'bench-flow');
    const ids: number[] = [];
    for (let i = 0; i < orders; i++) {
      const lines = await q
        .insertInto('cart_item')
        .values(
          skus.map((s, n) => ({
            owner_id: owner,
            product_id: s.product_id,
            attr_id: s.id,
            num: 1,
            extends: frontDesign(`/files/${art}`, `bench ${n}`, 9),
            created_at: 1,
            updated_at: 1,
          })),
        )
        .returning('id')
        .execute();
      const made = await call(routes.orderCreate, {
        cart_ids: lines.map((l) => l.id).join(','),
        address: BENCH_ADDRESS,
        shipping_method: 'standard',
      });
      if (made.code !== 1) throw new Error(`order: ${made.msg}`);
      ids.push(Number(made.data.id));
    }
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const t0 = performance.now();
    for (const id of ids) {
      const paid = await call(routes.orderPay, { id });
      if (paid.code !== 1) throw new Error(`pay: ${paid.msg}`);
    }
    const shipped = () => q.selectFrom('orders').select('id').where('id', 'in', ids).where('status', '>=', ORDER_STATUS.shipped).execute();
    let arrived = 0;
    const deadline = Date.now() + 10 * 60_000;
    while ((arrived = (await shipped()).length) < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const seconds = (performance.now() - t0) / 1000;
    loop.disable();
    const held = (await q.selectFrom('orders').select('id').where('id', 'in', ids).where('exception', '!=', '').execute()).length;
    // Sent twice or lost: each of ours must be one factory order of its own, the one the factory answers for its number.
    const sent = await q.selectFrom('orders').select(['order_no', 'factory_order_id']).where('id', 'in', ids).execute();
    let twice = ids.length - new Set(sent.map((o) => o.factory_order_id).filter((f) => f !== '')).size;
    for (const o of sent) {
      const r = (await (
        await fetch(`${factoryUrl}/v1/orders/@${o.order_no}`, { headers: { authorization: `Bearer ${factoryKey}` } })
      ).json()) as {
        result?: { id: number | string };
      };
      if (String(r.result?.id) !== o.factory_order_id) twice++;
    }
    const p99 = loop.percentile(99) / 1e6;
    log(
      `factory: ${orders} orders of 3 lines paid in a row → ${arrived} shipped in ${seconds.toFixed(1)} s, ${held} held, ${twice} not sent exactly once; event-loop p99 ${p99.toFixed(1)} ms`,
    );
    return {
      notify_deliveries: 10,
      notify_credits: credits,
      factory_orders: orders,
      factory_shipped: arrived,
      factory_held: held,
      factory_sent_twice: twice,
      factory_s: round(seconds),
      factory_event_loop_p99_ms: round(p99),
    };
  } finally {
    await app.close();
    await services.close();
    await payments.close();
    await factory.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
