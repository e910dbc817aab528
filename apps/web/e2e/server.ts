import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (the server is started from there). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, exited: () => string | undefined, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`The server stopped (${exit}) before answering:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok && (res.headers.get('content-type') ?? '').includes('text/html')) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} in time:\n${output()}`);
}

export interface RunningServer {
  /** Origin of the server, serving the API and the built app. */
  baseURL: string;
  /** The server's DATA_DIR (fresh, removed by stop): blobs written under its files/ folder are served at /files/<key>. */
  dataDir: string;
  /** Stops the server (and what npx started) and removes the data directory. */
  stop: () => Promise<void>;
}

/**
 * Starts the real server (`npx tsx apps/server/src/main.ts`) on the built app in `webDist`, with a fresh
 * data directory and a free port, the way a seller's browser meets it: one origin for the pages and the API.
 * Used by the e2e global setup and by `npm run bench:editor`.
 */
export async function startServer(opts: { webDist: string; dataDirPrefix: string; env?: Record<string, string> }): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), opts.dataDirPrefix));
  const port = await freePort();
  const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: opts.webDist,
      LOG_LEVEL: 'warn',
      // The shell and renderer flows need the demo accounts only; composing the demo content would compete for the CPU.
      SEED_DEMO_CONTENT: '0',
      // Signed download links last 3 s here, so the browser suite can see one expire.
      DOWNLOAD_LINK_TTL_SECONDS: '3',
      // Every suite that needs a seller of its own registers one from this one address.
      REGISTRATIONS_PER_HOUR: '100',
      // The address the browser uses: the payment provider sends the seller back there after paying (a return to
      // localhost would be another origin, without the session cookie), and its notify comes there too.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...opts.env,
    },
    // Its own process group, so that stopping it also stops what npx started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    server.once('exit', (code, signal) => {
      exit = `code ${code}, signal ${signal}`;
      resolve();
    }),
  );

  const stop = async () => {
    if (exit === undefined && server.pid !== undefined) {
      process.kill(-server.pid, 'SIGTERM');
      const killer = setTimeout(() => server.pid !== undefined && process.kill(-server.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(
      baseURL,
      () => exit,
      () => output,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseURL, dataDir, stop };
}
