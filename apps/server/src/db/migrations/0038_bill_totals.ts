import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import type { PortableMigration } from './helpers.js';

/**
 * docs/orders.md#figures: the bills' running totals. `bill_hour` and `bill_day` hold, per wallet, account, hour or day
 * (of `created_at`, UTC), type and office, how many lines there are, their money in whole cents, and for payments the
 * orders paid and the units in them. A trigger on `bill` adds every new line to both in the same transaction (bill
 * lines are never changed or removed), so the totals are exact; the figures and the list's count read a range's whole
 * days from `bill_day`, the whole hours around them from `bill_hour`, and only the lines of its partial first and last
 * hours from `bill` (modules/wallet/billQueries.ts). Existing lines are added once here.
 */
const UNITS = { bill_hour: ['hour', 3_600_000], bill_day: ['day', 86_400_000] } as const;

/** The columns the trigger and the backfill fill, from a bill row `r` (`NEW` in the trigger, `b` in the backfill). */
function line(dialect: DialectName, r: string, unitMs: number) {
  // Two-decimal text as whole cents, exactly (see moneySum in billQueries.ts for SQLite's rounding).
  const cents =
    dialect === 'postgres'
      ? `round(cast(${r}.amount as numeric) * 100)::bigint`
      : `cast(round(cast(${r}.amount as real) * 100) as integer)`;
  const payment = `${r}.type = 2`;
  const units = `(select coalesce(sum(l.num), 0) from orders o join order_line l on l.order_id = o.id where o.order_no = ${r}.order_no)`;
  return {
    key: `${r}.wallet_id, ${r}.account_id, ${r}.created_at / ${unitMs}, ${r}.type, ${r}.office_id`,
    cents,
    orders: `case when ${payment} then 1 else 0 end`,
    units: `case when ${payment} then ${units} else 0 end`,
  };
}

const columns = (unit: string) => `wallet_id, account_id, ${unit}, type, office_id`;

export const m0038_bill_totals: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    // PostgreSQL runs the migration in a transaction: no line is written between the backfill's read and the
    // trigger (another server still running during a deploy waits), so none is missed or counted twice.
    if (dialect === 'postgres') await sql.raw('LOCK TABLE bill IN SHARE ROW EXCLUSIVE MODE').execute(db);
    const adds: string[] = [];
    for (const [table, [unit, unitMs]] of Object.entries(UNITS)) {
      await db.schema
        .createTable(table)
        .addColumn('wallet_id', 'bigint', (c) => c.notNull())
        .addColumn('account_id', 'bigint', (c) => c.notNull())
        .addColumn(unit, 'bigint', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('office_id', 'bigint', (c) => c.notNull())
        .addColumn('lines', 'bigint', (c) => c.notNull())
        .addColumn('cents', 'bigint', (c) => c.notNull())
        .addColumn('orders', 'bigint', (c) => c.notNull())
        .addColumn('units', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pk`, ['wallet_id', 'account_id', unit, 'type', 'office_id'])
        .execute();
      const n = line(dialect, 'NEW', unitMs);
      adds.push(
        `INSERT INTO ${table} (${columns(unit)}, lines, cents, orders, units) SELECT ${n.key}, 1, ${n.cents}, ${n.orders}, ${n.units} ` +
          `ON CONFLICT (${columns(unit)}) DO UPDATE SET lines = ${table}.lines + 1, cents = ${table}.cents + excluded.cents, ` +
          `orders = ${table}.orders + excluded.orders, units = ${table}.units + excluded.units;`,
      );
      const b = line(dialect, 'b', unitMs);
      await sql
        .raw(
          `INSERT INTO ${table} (${columns(unit)}, lines, cents, orders, units) ` +
            `SELECT ${b.key}, count(*), sum(${b.cents}), sum(${b.orders}), sum(${b.units}) FROM bill b GROUP BY ${b.key}`,
        )
        .execute(db);
    }
    const add = adds.join(' ');
    if (dialect === 'sqlite') await sql.raw(`CREATE TRIGGER bill_totals_add AFTER INSERT ON bill BEGIN ${add} END`).execute(db);
    else {
      await sql
        .raw(`CREATE OR REPLACE FUNCTION bill_totals_add() RETURNS trigger AS $$ BEGIN ${add} RETURN NULL; END $$ LANGUAGE plpgsql`)
        .execute(db);
      await sql.raw(`CREATE TRIGGER bill_totals_add AFTER INSERT ON bill FOR EACH ROW EXECUTE FUNCTION bill_totals_add()`).execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await sql.raw('DROP TRIGGER IF EXISTS bill_totals_add' + (dialect === 'postgres' ? ' ON bill' : '')).execute(db);
    if (dialect === 'postgres') await sql.raw('DROP FUNCTION IF EXISTS bill_totals_add()').execute(db);
    await db.schema.dropTable('bill_day').execute();
    await db.schema.dropTable('bill_hour').execute();
  },
});
