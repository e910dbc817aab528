import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { queryString, type BodyOf, type DataOf, type QueryOf, type RouteDef } from '@app/contract';
import { buildApp, type App } from '../src/app.js';
import { defaultAppConfig, type AppConfig } from '../src/config.js';
import { openServices, type Services } from '../src/services.js';
import { seedDemo } from '../src/demo/index.js';

/** Which database the suite runs on: SQLite by default, PostgreSQL with TEST_DB=pg (npm run test:pg). */
export const TEST_DB = process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite';
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The demo accounts' password (demo/accounts.ts): older than the strength rule, and still logging in. */
export const DEMO_PASSWORD = 'demo1234';
/**
 * The password of accounts a test registers (docs/security.md#passwords: a new one must be strong); `login` and
 * `as` use it for every username not of the demo (`demo…`).
 */
export const TEST_PASSWORD = 'rival-pass-123';

/** What `api` sends besides the route: `as` logs in as that user (cookie) first. */
export interface ApiOptions<R extends RouteDef> {
  as?: string;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  headers?: Record<string, string>;
}

/** A contract call's answer: `data` is typed by the route's data schema (it is null when the call failed). */
export interface ApiResponse<R extends RouteDef> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** The envelope: `code` 1 with `data`, or a failure's `code` 0, `msg` and `request_id`. */
  body: { code: number; msg: string; data: DataOf<R>; request_id?: string };
  data: DataOf<R>;
  /** The body as sent, for assertion messages. */
  text: string;
}

export interface TestApp extends Services, App {
  config: AppConfig;
  clock: { now: number; advance(ms: number): void };
  /** `inject` with JSON parsed; `as` logs in as that user (cookie) first. */
  call(opts: InjectOptions & { as?: string }): Promise<LightMyRequestResponse & { body: string; json(): any }>;
  /** One call declared in @app/contract: its method and path, the query and body typed by its schemas. */
  api<R extends RouteDef>(route: R, opts?: ApiOptions<R>): Promise<ApiResponse<R>>;
  login(username: string, password?: string): Promise<string>;
}

/** A fresh server on a fresh database (its own temp dir, or its own PostgreSQL database), demo data seeded. */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-test-'));
  const clock = {
    now: Date.UTC(2026, 10, 1, 9, 0, 0),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (TEST_DB === 'pg') {
    const name = `bo_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      // pg's pool.end() resolves before its sockets have closed: wait for them, so that FORCE does not
      // cut a closing connection (which surfaces as an unhandled 57P01 error in the suite).
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config: AppConfig = {
    ...defaultAppConfig(dataDir),
    databaseUrl,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Cheap hashing keeps the suite fast; production uses the library's recommended cost.
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    now: () => clock.now,
    ...overrides,
  };
  // As main.ts builds the server process: services, the job worker, the demo, then the HTTP app.
  const services = await openServices(config);
  if (config.runJobs) await services.startJobs();
  await seedDemo(services);
  const app = { ...services, ...(await buildApp(services)) };
  const tokens = new Map<string, string>();

  const test: TestApp = {
    ...app,
    config,
    clock,
    async login(username, password = username.startsWith('demo') ? DEMO_PASSWORD : TEST_PASSWORD) {
      const res = await app.app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });
      const body = res.json();
      if (body.code !== 1) throw new Error(`login ${username} failed: ${body.msg}`);
      // The token travels in the httpOnly cookie only (docs/security.md#tokens).
      const token = res.cookies.find((c) => c.name === 'token')!.value;
      tokens.set(username, token);
      return token;
    },
    async call({ as, ...opts }) {
      let headers = opts.headers ?? {};
      if (as) {
        const token = tokens.get(as) ?? (await test.login(as));
        headers = { ...headers, cookie: `token=${token}` };
      }
      return app.app.inject({ ...opts, headers }) as never;
    },
    async api(route, { as, query, body, headers } = {}) {
      const res = await test.call({
        method: route.method,
        url: route.path + queryString(query),
        as,
        ...(body === undefined ? {} : { payload: body as object }),
        ...(headers ? { headers } : {}),
      });
      const envelope = res.json();
      return { status: res.statusCode, headers: res.headers, body: envelope, data: envelope.data, text: res.body };
    },
    async close() {
      await app.app.close();
      await services.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}
