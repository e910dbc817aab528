/**
 * `npm run seed:large [-- --count N]`: a benchmark fixture (for bench:list), not run in CI. Starts the app once on
 * DATA_DIR (demo accounts and composed demo content, waiting for them), then bulk-inserts N finished
 * products (default 1,000,000) across the demo accounts and their groups, copies of the composed demo
 * products with their images reused. Ends with one line of JSON.
 */
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { openServices } from '../services.js';
import { seedDemo } from './index.js';
import { bulkInsertFinished } from './bulkFinished.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const count = Number(arg('count') ?? 1_000_000);
if (!Number.isInteger(count) || count < 1) throw new Error('--count: a positive whole number');

const started = Date.now();
// A tool: it reads no lists, so it starts no reading threads.
const { app: config } = loadConfig({
  ...process.env,
  SEED_DEMO: '1',
  SEED_DEMO_CONTENT: '1',
  READ_THREADS: '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const app = await openServices(config);
await app.startJobs();
await seedDemo(app);
try {
  console.log(
    `seed:large into ${config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/app.db`}: waiting for the demo content to compose…`,
  );
  await app.queue.drain();
  const db = app.db.db;
  const owners = await db
    .selectFrom('account')
    .select(['id', 'username'])
    .where('username', 'in', ['demo', 'demo-a', 'demo-b'])
    .orderBy('id')
    .execute();
  // A few groups per account (two levels), so that group filters have something to select.
  const groupIds = new Map<number, number[]>();
  for (const o of owners) {
    let mine = await db.selectFrom('finished_group').select('id').where('owner_id', '=', o.id).execute();
    if (mine.length === 0) {
      for (const top of ['夏季系列', '球衣定制', '节日礼品']) {
        const { id } = await db
          .insertInto('finished_group')
          .values({ owner_id: o.id, pid: 0, name: top, created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const sub of ['A', 'B'])
          await db
            .insertInto('finished_group')
            .values({ owner_id: o.id, pid: id, name: `${top}-${sub}`, created_at: Date.now() })
            .execute();
      }
      mine = await db.selectFrom('finished_group').select('id').where('owner_id', '=', o.id).execute();
    }
    groupIds.set(
      o.id,
      mine.map((g) => g.id),
    );
  }
  const insertStarted = Date.now();
  await bulkInsertFinished(db, {
    count,
    dialect: app.db.dialect,
    ownerIds: owners.map((o) => o.id),
    groupIds,
    now: Math.floor(Date.now() / 1000),
    log: console.log,
  });
  const insertSeconds = (Date.now() - insertStarted) / 1000;
  // Fresh statistics for the query planner.
  if (app.db.dialect === 'sqlite') await sql`PRAGMA optimize`.execute(db);
  else await sql`ANALYZE`.execute(db);
  const total = Number(
    (
      await db
        .selectFrom('finished')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `done: ${count.toLocaleString('en')} inserted in ${insertSeconds.toFixed(1)} s (${total.toLocaleString('en')} finished products in all), ${seconds.toFixed(1)} s with start-up`,
  );
  console.log(
    JSON.stringify({
      seed: 'large',
      inserted: count,
      total,
      insert_seconds: +insertSeconds.toFixed(1),
      seconds: +seconds.toFixed(1),
      rows_per_second: Math.round(count / insertSeconds),
    }),
  );
} finally {
  await app.close();
}
