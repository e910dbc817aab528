/**
 * The real server in a process of its own, started as `npm start` starts it (scripts/serverProcess.mjs:
 * the same flags and allocator settings), so a bench's load generator never shares its event loop
 * (bench:list, bench:load). Whatever ends the bench ends the server too.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { SERVER_ARGS, SERVER_ENV } from '../scripts/serverProcess.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free port on the loopback. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface ServerUnderTest {
  process: ChildProcess;
  address: string;
  /** The server process's resident memory (bytes), from /proc. */
  rss(): number;
  stop(): void;
  /** Resolves when the process has ended. */
  exited(): Promise<void>;
}

/**
 * Starts the server with `env` over the bench's own environment (PORT and HOST are chosen here), `preload`
 * modules imported before main.ts, and waits until it answers.
 */
export async function startServer(opts: {
  env: NodeJS.ProcessEnv;
  preload?: string[];
  stdio?: StdioOptions;
  /** Node flags added in front (a profile: `--cpu-prof`). */
  nodeFlags?: string[];
}): Promise<ServerUnderTest> {
  const port = await freePort();
  const args = [...(opts.nodeFlags ?? []), ...SERVER_ARGS];
  for (const p of opts.preload ?? []) args.splice(args.length - 1, 0, '--import', p);
  const server = spawn(process.execPath, args, {
    cwd: root,
    stdio: opts.stdio ?? ['ignore', 'inherit', 'inherit'],
    env: { ...SERVER_ENV, ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
  });
  process.on('exit', () => server.kill('SIGTERM'));
  const address = `http://127.0.0.1:${port}`;
  await waitForServer(server, address);
  return {
    process: server,
    address,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) * 1024,
    stop: () => server.kill('SIGTERM'),
    exited: () => (server.exitCode !== null ? Promise.resolve() : new Promise<void>((r) => server.once('exit', () => r()))),
  };
}

/** Waits until the server process answers at `address` (any answer below 500). */
export async function waitForServer(server: ChildProcess, address: string, seconds = 120): Promise<void> {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error('the server stopped while starting');
    if (
      await fetch(`${address}/api/help/contact`).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    if (i > seconds * 10) throw new Error(`the server did not start in ${seconds} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The finished products in the bench's database, and where it is (for a bench's first line). */
export async function finishedProducts(db: Kysely<Database>, config: AppConfig) {
  const { n } = await db
    .selectFrom('finished')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { total: Number(n), where: config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/app.db` };
}

/** Logs in over HTTP; answers the session's cookie header. */
export async function loginCookie(address: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${address}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  if (!cookie.includes('token=')) throw new Error(`login of ${username} failed: ${res.status} ${await res.text()}`);
  return cookie;
}
