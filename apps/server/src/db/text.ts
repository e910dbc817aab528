import { sql } from 'kysely';

/**
 * A case-insensitive contains-search on a text column, the same on both dialects: the needle's own `%`,
 * `_` and `\` match literally. A LIKE with a leading `%` reads every row it is given: for small tables, or
 * after other filters have narrowed them (the finished list has its own tallies for that).
 */
export const containsText = (column: string, needle: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/** SQLite across processes: a writer found the database busy (busy_timeout spent, or its read snapshot gone stale). */
export const isBusy = (e: unknown): boolean => /SQLITE_BUSY|database is locked/i.test(String((e as Error)?.message));

/** PostgreSQL ended this transaction to break a deadlock (40P01) or a serialization conflict (40001): it can run again. */
export const isDeadlock = (e: unknown): boolean => ['40P01', '40001'].includes(String((e as { code?: unknown })?.code ?? ''));

/** Whether a write failed on a unique index (SQLite's and PostgreSQL's wording): two writers raced. */
export const isUniqueViolation = (e: unknown): boolean => /unique|duplicate key/i.test(String((e as Error)?.message));
