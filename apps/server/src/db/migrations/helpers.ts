import type { CreateTableBuilder, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/** A migration written once for both dialects; it is told which one it runs on. */
export type PortableMigration = (dialect: DialectName) => Migration;

/** An auto-incrementing integer primary key `id`, in each dialect's own form. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
