/**
 * `npm run bench:publish` (the README's figures; docs/publishing.md#figures): 100 finished products × 30 SKUs (6 colours × 5 sizes, one
 * 600-px mockup a colour) published to marketplace B's sandbox limited to 10 requests/s per shop, the
 * sandbox in its own process (`scripts/sandbox.mjs`) so that it outlives the server.
 * 1. In this process, as the server runs it (the publish call, then the job queue working the jobs, so
 *    `monitorEventLoopDelay` sees the API's event loop throughout): total seconds against the rate limit's
 *    floor (the calls the publish needed ÷ 10/s), products failed, event-loop delay p99.
 * 2. The real server (`npm start`'s process) publishing the same to another shop, killed with SIGKILL once
 *    half the records are published, then started again: listings in the sandbox, duplicates, records
 *    published. Last line: one line of JSON with every figure. `-- --quick`: 4 products (CI's smoke run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { routes } from '@app/contract';
import { defaultAppConfig, type AppConfig } from '../apps/server/src/config.js';
import { openServices, type Services } from '../apps/server/src/services.js';
import type { Caller } from '../apps/server/src/http/auth.js';
import { SERVER_ARGS, SERVER_ENV } from '../scripts/serverProcess.mjs';
import { waitForServer } from './serverUnderTest.js';
import { connectBody, createSandboxShop } from '../apps/web/e2e/marketplaceB.js';

// --quick: the smoke form CI runs (scripts/stages.mjs bench): every step on a few products.
const quick = process.argv.includes('--quick');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? (quick ? 4 : 100));
const COLOURS = ['Black', 'White', 'Navy', 'Red', 'Green', 'Grey'];
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const RATE = 10;
const log = (s: string) => console.log(s);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

// --- the sandbox, in its own process, 10 requests/s per shop --------------------------------------------
const [aPort, bPort] = [await freePort(), await freePort()];
const sandbox = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/sandbox.mjs')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, MARKETPLACE_A_PORT: String(aPort), MARKETPLACE_B_PORT: String(bPort), MARKETPLACE_B_RATE: String(RATE) },
});
children.push(sandbox);
const sandboxUrl = `http://127.0.0.1:${bPort}`;
const aUrl = `http://127.0.0.1:${aPort}`;
for (let i = 0; ; i++) {
  if (
    await fetch(`${sandboxUrl}/sandbox/shops`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 300) throw new Error('the sandbox did not start in 30 s');
  await sleep(100);
}
const sandboxProducts = async (shopId: string) =>
  (await (await fetch(`${sandboxUrl}/sandbox/products?shop_id=${shopId}`)).json()) as {
    count: number;
    products: { seller_skus: string[]; title: string }[];
  };

/** Colour mockups: one 600-px JPEG a colour and product (each image is new to the shop: an upload each). */
const colourImages = await Promise.all(
  COLOURS.map((_, c) =>
    sharp({ create: { width: 600, height: 600, channels: 3, background: `#${(c * 40).toString(16).padStart(2, '0')}5577` } })
      .jpeg({ quality: 80 })
      .toBuffer(),
  ),
);

/** A shop connected to a fresh sandbox shop, a template, and the products (straight into the database). */
async function seed(services: Services, username: string, shopName: string) {
  const db = services.db.db;
  const owner = Number((await db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);
  const caller = (await services.accounts.resolver.resolveAccount(owner)) as Caller;
  const shopId = (await services.shops.add(caller, { pid: 15, name: shopName })).id;
  const shop = await createSandboxShop(sandboxUrl);
  await services.shops.connect(caller, routes.storeConnect.body.parse(connectBody(shopId, shop)));
  const template = (
    await services.marketTemplates.tiktok.add(
      caller,
      routes.tiktokTemplateAdd.body.parse({
        store_id: shopId,
        name: 'bench',
        category_id: 601226,
        package_weight: 0.25,
        package_length: 30,
        package_width: 25,
        package_height: 3,
      }),
    )
  ).id;
  const product = Number(
    (
      await db
        .insertInto('product')
        .values({ code: `bench-${shopName}`, cid: 1, name: 'Bench tee', thumb: '', spec: '{}', created_at: 1, updated_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const skuIds: number[] = [];
  for (const [i, size] of SIZES.entries())
    skuIds.push(
      Number(
        (
          await db
            .insertInto('product_sku')
            .values({ product_id: product, color: '', color_code: '', size, price: 35, sort: i })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  const ids: number[] = [];
  for (let n = 0; n < PRODUCTS; n++) {
    const fid = Number(
      (
        await db
          .insertInto('finished')
          .values({
            owner_id: owner,
            key_id: `${shopName.slice(0, 2).toUpperCase()}${100000 + n}`,
            task_id: `${shopName}-${n}`,
            product_id: product,
            attr_id: skuIds[0]!,
            product_name: 'Bench tee',
            cid: 1,
            cate_name: 'Tees',
            export_name: `Retro wave tee ${n}`,
            extends: '{}',
            layerdata: '{}',
            design_hash: 'x',
            status: 'ready',
            createtime: 1,
            updated_at: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    ids.push(fid);
    for (const [c, color] of COLOURS.entries()) {
      const key = `mockups/bench-publish/${shopName}/${fid}-${c}.jpg`;
      await services.storage.put(key, colourImages[c]!);
      const child = Number(
        (
          await db
            .insertInto('finished_child')
            .values({
              finished_id: fid,
              key_id: `${fid}-${c}`,
              color,
              color_code: '#000000',
              img_urls: JSON.stringify([services.storage.url(key)]),
              sort: c,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await db
        .insertInto('finished_attr')
        .values(
          SIZES.map((size, s) => ({
            finished_id: fid,
            child_id: child,
            key_id: `${fid}-${c}-${s}`,
            sku_id: skuIds[s]!,
            size,
            price: 19.9,
            as_parent: c === 0 && s === 0 ? 1 : 0,
            sort: c * 10 + s,
          })),
        )
        .execute();
    }
  }
  return { caller, shopId, template, ids, remoteShop: shop.shop_id };
}

const config = (dataDir: string): AppConfig => ({
  ...defaultAppConfig(dataDir),
  logLevel: 'warn',
  seedDemo: false,
  databaseUrl: process.env.DATABASE_URL,
  marketplaceUrls: { a: aUrl, b: sandboxUrl },
  publish: { rateA: 20, rateB: RATE, shopConcurrency: 4, jobs: 8 },
});

const dirs: string[] = [];
try {
  // --- 1. in this process -------------------------------------------------------------------------------
  const dir1 = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-'));
  dirs.push(dir1);
  const services = await openServices(config(dir1));
  await services.db.db
    .insertInto('account')
    .values({
      username: 'bench',
      password_hash: 'x',
      nickname: 'bench',
      level: 0,
      parent_id: null,
      office_id: null,
      created_at: Date.now(),
    })
    .execute();
  const s1 = await seed(services, 'bench', 'Bench One');
  log(`seeded ${PRODUCTS} products × ${COLOURS.length * SIZES.length} SKUs; sandbox B at ${sandboxUrl}, ${RATE} requests/s per shop`);
  const body = routes.tiktokPublish.body.parse({ design_product_ids: s1.ids, tk_template_id: s1.template });
  await services.startJobs();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const t0 = performance.now();
  const answer = await services.publish.publish(s1.caller, 'zh', 15, body);
  await services.queue.drain();
  const seconds = (performance.now() - t0) / 1000;
  delay.disable();
  const recs = await services.db.db.selectFrom('publish_record').select(['status', 'message']).where('store_id', '=', s1.shopId).execute();
  const published = recs.filter((r) => r.status === 'published').length;
  const failed = recs.filter((r) => r.status === 'failed');
  const uploads = Number(
    (
      await services.db.db
        .selectFrom('remote_image')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('store_id', '=', s1.shopId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  // The calls the publish needed: one upload per new image, one create per product.
  const calls = uploads + published;
  const floor = calls / RATE;
  const p99 = delay.percentile(99) / 1e6;
  const held1 = await sandboxProducts(s1.remoteShop);
  log(
    `1. ${answer.publish_ids.length} queued (${answer.refused.length} refused): ${published} published, ${failed.length} failed in ${seconds.toFixed(1)} s; ` +
      `${calls} calls, floor ${floor.toFixed(1)} s, ratio ${(seconds / floor).toFixed(2)}; event-loop p99 ${p99.toFixed(1)} ms; sandbox holds ${held1.count}`,
  );
  await services.close();

  // --- 2. the real server, SIGKILLed at 50 % and started again ---------------------------------------------
  const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-kill-'));
  dirs.push(dir2);
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const startServer = async () => {
    const server = spawn(process.execPath, SERVER_ARGS, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...SERVER_ENV,
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir2,
        LOG_LEVEL: 'error',
        SEED_DEMO: '1',
        SEED_DEMO_CONTENT: '0',
        MARKETPLACE_A_URL: aUrl,
        MARKETPLACE_B_URL: sandboxUrl,
        PUBLISH_RATE_B: String(RATE),
      },
    });
    children.push(server);
    await waitForServer(server, address, 60);
    return server;
  };
  let server = await startServer();
  // Seeded beside the running server, through the same services on the same data directory (its key).
  const side = await openServices({ ...config(dir2), runJobs: false });
  const s2 = await seed(side, 'demo', 'Bench Two');
  await side.close();
  const login = await fetch(`${address}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const pub = (await (
    await fetch(`${address}${routes.tiktokPublish.path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ design_product_ids: s2.ids, tk_template_id: s2.template }),
    })
  ).json()) as { data: { batch_id: string; publish_ids: number[] } };
  const tally = async () =>
    (
      (await (
        await fetch(`${address}${routes.publishList.path}?batch_id=${pub.data.batch_id}&pageSize=1`, { headers: { cookie } })
      ).json()) as { data: { tally: Record<string, number> } }
    ).data.tally;
  const k0 = performance.now();
  for (;;) {
    if (((await tally()).published ?? 0) >= PRODUCTS / 2) break;
    await sleep(50);
  }
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  const atKill = (await sandboxProducts(s2.remoteShop)).count;
  log(`2. killed (SIGKILL) with ${atKill} listings in the sandbox; starting again`);
  server = await startServer();
  let last: Record<string, number> = {};
  for (;;) {
    last = await tally();
    if ((last.published ?? 0) + (last.failed ?? 0) >= PRODUCTS) break;
    await sleep(250);
  }
  const killSeconds = (performance.now() - k0) / 1000;
  server.kill('SIGTERM');
  const held2 = await sandboxProducts(s2.remoteShop);
  const skuSets = held2.products.map((p) => [...p.seller_skus].sort().join(','));
  const duplicates = skuSets.length - new Set(skuSets).size;
  log(
    `   after the restart: ${last.published} published, ${last.failed} failed; ${held2.count} listings in the sandbox, ${duplicates} duplicate; ${killSeconds.toFixed(1)} s from the publish`,
  );

  const figures = {
    quick,
    products: PRODUCTS,
    skus_per_product: COLOURS.length * SIZES.length,
    rate_per_s: RATE,
    calls,
    floor_s: round(floor),
    total_s: round(seconds),
    ratio: round(seconds / floor),
    failed: failed.length,
    published: published,
    event_loop_p99_ms: round(p99),
    kill_listings_at_kill: atKill,
    kill_listings: held2.count,
    kill_duplicates: duplicates,
    kill_published: last.published,
    kill_failed: last.failed,
    kill_total_s: round(killSeconds),
    targets: { ratio: 1.2, failed: 0, event_loop_p99_ms: 50, kill_listings: PRODUCTS, kill_duplicates: 0 },
  };
  console.log(JSON.stringify(figures));
} finally {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}

function round(x: number) {
  return Math.round(x * 100) / 100;
}
