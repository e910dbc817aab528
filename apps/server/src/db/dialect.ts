import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// pg returns int8 (counts, sums) as strings to protect precision past 2^53; our ids and counts stay
// well below that, so read them as numbers on both dialects.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Opens the database: PostgreSQL when a URL is given, else the embedded SQLite file under dataDir. */
export function openDb(opts: { databaseUrl?: string; dataDir: string }): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'app.db');
  const sqlite = new SQLite(file);
  // WAL lets readers run while a writer commits; NORMAL sync is durable across app crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Statements kept prepared, by their SQL (the oldest dropped first): the same queries run all day. */
const CACHED_STATEMENTS = 300;

/**
 * better-sqlite3 for Kysely, its statements prepared once: Kysely asks for a new one per query, and
 * preparing a list's page query costs a tenth of running it. A statement still being iterated (a stream)
 * is not handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}
