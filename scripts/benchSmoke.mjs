// The `bench` stage (scripts/stages.mjs): every benchmark in bench/ run in its quick form (`-- --quick`:
// small sizes, few repetitions), so a benchmark that stops working fails CI the day it breaks. Each must
// exit 0 and end with one line of JSON; no timing or memory figure is asserted (they depend on the machine:
// docs/testing.md); bench:bundle fails over a page's budget of downloaded bytes, which do not.
// bench:list and bench:load read the database `npm run seed:large` fills: here one small seed in a temporary
// DATA_DIR, made before the first of them.
// `node scripts/benchSmoke.mjs [name…]` runs only the named ones.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SEED_COUNT = 1000;
const ALL = ['abuse', 'compose', 'editor', 'export', 'barcodes', 'orders', 'bills', 'publish', 'list', 'load', 'bundle', 'mobile'];
const SEEDED = new Set(['list', 'load']);
const names = process.argv.length > 2 ? process.argv.slice(2) : ALL;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-smoke-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
// The benches choose their own databases; the smoke run uses SQLite even where DATABASE_URL is set.
const { DATABASE_URL: _pg, ...baseEnv } = process.env;

/** Runs `npm run <script> -- args`, its output shown as it comes; answers the exit code and the last line of stdout. */
function run(script, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...baseEnv, ...env },
    });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-200_000);
    });
    child.on('close', (code) => resolve({ code, last: tail.trimEnd().split('\n').pop() ?? '' }));
  });
}

const results = [];
let seeded = false;
for (const name of names) {
  console.log(`\n--- bench:${name} (quick)`);
  const started = Date.now();
  let env = {};
  if (SEEDED.has(name)) env = { DATA_DIR: dataDir };
  if (SEEDED.has(name) && !seeded) {
    seeded = true;
    const seed = spawnSync('npm', ['run', '--silent', 'seed:large', '--', '--count', String(SEED_COUNT)], {
      stdio: 'inherit',
      env: { ...baseEnv, ...env },
    });
    if (seed.status !== 0) {
      results.push({ name, ok: false, seconds: (Date.now() - started) / 1000, why: 'seed:large failed' });
      break;
    }
  }
  const { code, last } = await run(`bench:${name}`, ['--quick'], env);
  let why = code === 0 ? '' : `exit code ${code}`;
  if (!why) {
    try {
      const figures = JSON.parse(last);
      if (typeof figures !== 'object' || figures === null) why = 'the last line is JSON but not an object';
    } catch {
      why = `the last line is not JSON: ${last.slice(0, 200)}`;
    }
  }
  results.push({ name, ok: !why, seconds: (Date.now() - started) / 1000, why });
  if (why) break;
}

console.log('\nBenchmarks (quick):');
for (const r of results)
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} bench:${r.name.padEnd(8)} ${r.seconds.toFixed(1).padStart(7)} s${r.why ? `  ${r.why}` : ''}`);
const failed = results.some((r) => !r.ok) || results.length < names.length;
console.log(
  JSON.stringify({ smoke: 'bench', ok: !failed, seconds: Object.fromEntries(results.map((r) => [r.name, +r.seconds.toFixed(1)])) }),
);
process.exit(failed ? 1 : 0);
