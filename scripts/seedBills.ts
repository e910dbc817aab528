/**
 * `npm run seed:bills [-- --lines N]`: a benchmark fixture for the bill calls (docs/orders.md#bills), not run in CI
 * (bench:bills seeds its own). Into DATA_DIR (or DATABASE_URL): a parent account `bills` (password bills1234) with 20
 * sub-accounts in 4 offices, made as the demo accounts are (apps/server/src/demo/accounts.ts), and N bill lines of its
 * wallet (default 1,000,000) spread evenly over the 180 days before now: recharges, order payments (each with its
 * `orders` row and 1–3 `order_line` rows, so the shop, order-type and units figures have something to read) and
 * refunds of some of them (the order then cancelled). Every line's balance is the wallet's running balance after
 * it, and the wallet ends at the last one. Rows go in with bulkRows (one parameter per column), a chunk of lines per
 * transaction. Ends with one line of JSON.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.js';
import type { DialectName } from '../apps/server/src/db/dialect.js';
import { bulkRows, type BulkColumn } from '../apps/server/src/db/bulkRows.js';
import type { AccountRepo, PasswordHasher } from '../apps/server/src/modules/accounts/index.js';
import { BILL_TYPE } from '../apps/server/src/modules/wallet/index.js';

export const BILLS_PARENT = 'bills';
export const BILLS_PASSWORD = 'bills1234';
const SUB_ACCOUNTS = 20;
const OFFICES = 4;
const DAYS = 180;
/** Lines per transaction: a few hundred kB of JSON per statement on SQLite. */
const CHUNK = 20_000;
const DAY_MS = 86_400_000;

export interface SeededBills {
  parentId: number;
  accountIds: number[];
  /** The first and last line's time (ms). */
  from: number;
  to: number;
  lines: number;
  counts: { recharge: number; payment: number; refund: number };
  orderLines: number;
  seconds: number;
}

/** A small deterministic generator (mulberry32): the same seed gives the same lines, run after run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whole cents as the stored decimal text ("-12.50"): integers, so the running balance is exact. */
const money = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const BILL_COLUMNS: readonly BulkColumn[] = [
  ['wallet_id', 'bigint'],
  ['account_id', 'bigint'],
  ['office_id', 'bigint'],
  ['type', 'bigint'],
  ['amount', 'text'],
  ['balance', 'text'],
  ['order_no', 'text'],
  ['ref', 'text'],
  ['created_at', 'bigint'],
];
const ORDER_COLUMNS: readonly BulkColumn[] = [
  ['owner_id', 'bigint'],
  ['order_no', 'text'],
  ['status', 'bigint'],
  ['orders_type', 'bigint'],
  ['store_id', 'bigint'],
  ['total', 'text'],
  ['created_at', 'bigint'],
];
const LINE_COLUMNS: readonly BulkColumn[] = [
  ['order_no', 'text'],
  ['price', 'text'],
  ['num', 'bigint'],
];

export async function seedBills(
  deps: { db: Kysely<Database>; dialect: DialectName; repo: AccountRepo; passwords: PasswordHasher },
  opts: { lines: number; end?: number; log?: (m: string) => void },
): Promise<SeededBills> {
  const { db, dialect, repo } = deps;
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  if (await repo.findByUsername(BILLS_PARENT)) throw new Error(`seed:bills: the account ${BILLS_PARENT} exists already (a fresh DATA_DIR)`);

  // The accounts, as the demo accounts are made: the parent, its offices, its sub-accounts in them.
  const password_hash = await deps.passwords.hash(BILLS_PASSWORD);
  const created_at = Date.now();
  const parentId = await repo.insertAccount({
    username: BILLS_PARENT,
    password_hash,
    nickname: '账单主账号',
    level: 2,
    parent_id: null,
    office_id: null,
    created_at,
  });
  const offices: number[] = [];
  for (let o = 1; o <= OFFICES; o++) offices.push(await repo.insertOffice({ owner_id: parentId, name: `办公室 ${o}`, created_at }));
  const accounts = [{ id: parentId, office: 0 }];
  for (let s = 1; s <= SUB_ACCOUNTS; s++) {
    const office = offices[s % OFFICES]!;
    const id = await repo.insertAccount({
      username: `${BILLS_PARENT}-${String(s).padStart(2, '0')}`,
      password_hash,
      nickname: `运营 ${s}`,
      level: 2,
      parent_id: parentId,
      office_id: office,
      created_at,
    });
    accounts.push({ id, office });
  }

  const end = opts.end ?? Date.now();
  const from = end - DAYS * DAY_MS;
  const step = (DAYS * DAY_MS) / opts.lines;
  const rnd = random(20_260_101);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  let balance = 0;
  let orderSeq = 0;
  let orderLines = 0;
  const counts = { recharge: 0, payment: 0, refund: 0 };
  /** Payments to be refunded later, oldest first. */
  const toRefund: { accountId: number; office: number; orderNo: string; cents: number }[] = [];
  let last = from;

  for (let first = 0; first < opts.lines; first += CHUNK) {
    const n = Math.min(CHUNK, opts.lines - first);
    const bills: unknown[][] = [];
    const orders: unknown[][] = [];
    const lines: unknown[][] = [];
    for (let i = first; i < first + n; i++) {
      // Evenly over the days, a line a step apart (ids follow time, as written lines do).
      const at = Math.floor(from + i * step + rnd() * step * 0.9);
      last = at;
      const r = rnd();
      if (balance < 100_000 || r < 0.02) {
        const cents = (200 + Math.floor(rnd() * 300)) * 10_000;
        balance += cents;
        counts.recharge++;
        const acc = pick(accounts);
        bills.push([parentId, acc.id, acc.office, BILL_TYPE.recharge, money(cents), money(balance), '', `seed-recharge-${i}`, at]);
      } else if (r < 0.12 && toRefund.length > 0) {
        const p = toRefund.shift()!;
        balance += p.cents;
        counts.refund++;
        bills.push([parentId, p.accountId, p.office, BILL_TYPE.refund, money(p.cents), money(balance), p.orderNo, p.orderNo, at]);
      } else {
        const acc = pick(accounts);
        // 16 digits, as the order numbers of docs/orders.md (the list's search reads them so).
        const orderNo = `9${String(++orderSeq).padStart(15, '0')}`;
        let cents = 0;
        const count = 1 + Math.floor(rnd() * 3);
        for (let l = 0; l < count; l++) {
          const price = 1500 + Math.floor(rnd() * 6500);
          const num = 1 + Math.floor(rnd() * 3);
          cents += price * num;
          lines.push([orderNo, money(price), num]);
        }
        orderLines += count;
        balance -= cents;
        counts.payment++;
        const refunded = rnd() < 0.11;
        if (refunded) toRefund.push({ accountId: acc.id, office: acc.office, orderNo, cents });
        // A refunded order was cancelled (0); the others completed (5).
        orders.push([acc.id, orderNo, refunded ? 0 : 5, rnd() < 0.5 ? 1 : 2, 1 + Math.floor(rnd() * 5), money(cents), at]);
        bills.push([parentId, acc.id, acc.office, BILL_TYPE.orderPayment, money(-cents), money(balance), orderNo, orderNo, at]);
      }
    }
    await db.transaction().execute(async (trx) => {
      if (orders.length > 0) {
        await sql`insert into orders (owner_id, order_no, status, orders_type, store_id, items_amount, shipping_amount, total,
            address, recipient, shipping_method, shipping_name, shipping_days, created_at, updated_at)
          select owner_id, order_no, status, orders_type, store_id, total, '0.00', total, '{}', 'Bench', 'economy', 'Economy',
            '7-12', created_at, created_at from (${bulkRows(dialect, ORDER_COLUMNS, orders)}) as b`.execute(trx);
        // The lines find their order by its number (unique): no ids to carry across.
        await sql`insert into order_line (order_id, product_id, sku_id, product_name, color, size, price, num, design, img_urls)
          select o.id, 1, 1, 'T-shirt', 'White', 'M', b.price, b.num, '{}', '[]'
          from (${bulkRows(dialect, LINE_COLUMNS, lines)}) as b join orders o on o.order_no = b.order_no`.execute(trx);
      }
      await sql`insert into bill (wallet_id, account_id, office_id, type, amount, balance, order_no, ref, created_at)
        ${bulkRows(dialect, BILL_COLUMNS, bills)}`.execute(trx);
    });
    log(`seed:bills: ${first + n} / ${opts.lines} lines`);
  }
  await db
    .insertInto('wallet')
    .values({ owner_id: parentId, balance: money(balance), updated_at: last })
    .execute();
  // Fresh statistics for the planner after a bulk load, as after any large import.
  await sql`analyze`.execute(db);
  return {
    parentId,
    accountIds: accounts.map((a) => a.id),
    from,
    to: last,
    lines: opts.lines,
    counts,
    orderLines,
    seconds: Math.round(performance.now() - started) / 1000,
  };
}

// The command line: `tsx scripts/seedBills.ts [--lines N]`, on DATA_DIR / DATABASE_URL as the server reads them.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadConfig } = await import('../apps/server/src/config.js');
  const { openServices } = await import('../apps/server/src/services.js');
  const i = process.argv.indexOf('--lines');
  const lines = Number(i > 0 ? process.argv[i + 1] : 1_000_000);
  if (!Number.isInteger(lines) || lines < 1) throw new Error('--lines: a positive whole number');
  // A tool: it reads no lists, so it starts no reading threads; no demo content.
  const { app: config } = loadConfig({ ...process.env, READ_THREADS: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const app = await openServices(config);
  try {
    const seeded = await seedBills(
      { db: app.db.db, dialect: app.db.dialect, repo: app.accountRepo, passwords: app.passwords },
      { lines, log: (m) => process.stderr.write(`${m}\n`) },
    );
    console.log(JSON.stringify({ seed: 'bills', into: config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/app.db`, ...seeded }));
  } finally {
    await app.close();
  }
}
