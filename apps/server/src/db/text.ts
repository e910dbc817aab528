import { sql } from 'kysely';

/**
 * A case-insensitive contains-search on a text column, the same on both dialects: the needle's own `%`,
 * `_` and `\` match literally. A LIKE with a leading `%` reads every row it is given: for small tables, or
 * after other filters have narrowed them (the finished list has its own tallies for that).
 */
export const containsText = (column: string, needle: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/** Whether a write failed on a unique index (SQLite's and PostgreSQL's wording): two writers raced. */
export const isUniqueViolation = (e: unknown): boolean => /unique|duplicate key/i.test(String((e as Error)?.message));
