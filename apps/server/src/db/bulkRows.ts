import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from './dialect.js';

/** A column of rows sent in bulk, and its PostgreSQL type (SQLite takes what JSON gives: numbers and texts). */
export type BulkColumn = readonly [name: string, pgType: 'bigint' | 'text'];

/**
 * Many rows as a `select` of a few parameters (one per column on PostgreSQL: `unnest` of arrays; one JSON
 * text on SQLite: `json_each`), for `insert … select` and joins. The query builder makes a node per value,
 * which for thousands of rows cost more than the database's own work and left that much garbage; here the
 * values travel as they are. Ends with `where true`, which SQLite needs before an `on conflict` clause.
 */
export function bulkRows(dialect: DialectName, columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[]): RawBuilder<unknown> {
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  if (dialect === 'postgres') {
    const arrays = columns.map(([, type], i) => sql`${rows.map((r) => r[i])}::${sql.raw(type)}[]`);
    return sql`select * from unnest(${sql.join(arrays)}) as bulk(${names}) where true`;
  }
  const picks = columns.map(([name], i) => sql`value ->> ${sql.raw(String(i))} as ${sql.ref(name)}`);
  return sql`select ${sql.join(picks)} from json_each(${JSON.stringify(rows)}) where true`;
}
