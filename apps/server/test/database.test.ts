import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { loadConfig } from '../src/config.js';
import { buildTestApp, TEST_DB, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the database', () => {
  it('runs on the dialect this suite was asked for', () => {
    expect(t.db.dialect).toBe(TEST_DB === 'pg' ? 'postgres' : 'sqlite');
  });

  it('migrates idempotently: a second start changes nothing and keeps the rows', async () => {
    await migrateToLatest(t.db);
    const rows = await t.db.db.selectFrom('account').select('username').orderBy('id').execute();
    expect(rows.map((r) => r.username)).toEqual(['demo', 'demo-a', 'demo-b']);
  });

  it('keeps the embedded database as a WAL-mode file under DATA_DIR', async () => {
    if (t.db.dialect !== 'sqlite') {
      const r = await sql<{ current_database: string }>`select current_database()`.execute(t.db.db);
      expect(r.rows[0]?.current_database).toMatch(/^bo_test_/);
      return;
    }
    expect(fs.existsSync(path.join(t.config.dataDir, 'app.db'))).toBe(true);
    const r = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.db.db);
    expect(r.rows[0]?.journal_mode).toBe('wal');
  });
});

describe('configuration', () => {
  it('refuses a DATABASE_URL that is not PostgreSQL, saying which variable is wrong', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
  });

  it('defaults to port 8080 and ./data', () => {
    const c = loadConfig({});
    expect(c.listen.port).toBe(8080);
    expect(c.app.dataDir).toBe(path.resolve('./data'));
    expect(c.app.databaseUrl).toBeUndefined();
  });
});
