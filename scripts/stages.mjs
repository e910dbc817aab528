// Runs the named check stages in order, printing each one's duration, stopping at the first failure.
// `npm test` = format lint typecheck unit; test:pg = pg; test:e2e = e2e; test:bench = bench; test:all = all of them and bundle.
// A stage of several commands runs them in order and fails at the first that fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stages-'));
const vitest = (name, args, env = {}) => ({
  cmd: [
    'npx',
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(resultsDir, `${name}.json`)}`,
  ],
  env,
});

const STAGES = {
  format: { cmd: ['npx', 'prettier', '--check', '.'] },
  // ESLint, then the import boundaries and cycles (dependency-cruiser, .dependency-cruiser.cjs).
  lint: {
    cmds: [
      ['npx', 'eslint', '.', '--max-warnings', '0'],
      ['npm', 'run', '--silent', 'lint:deps'],
    ],
  },
  typecheck: { cmd: ['npm', 'run', '--silent', 'typecheck'] },
  unit: vitest('unit', []),
  pg: vitest('pg', ['apps/server'], { TEST_DB: 'pg' }),
  e2e: vitest('e2e', ['-c', 'apps/web/vitest.e2e.config.ts']),
  // The first screen's JavaScript against its budget (bench/bundle.ts, docs/web.md#route-splitting).
  bundle: { cmd: ['npm', 'run', '--silent', 'bench:bundle'] },
  // Every benchmark in its quick form: it runs to the end and prints its JSON line (scripts/benchSmoke.mjs).
  bench: { cmd: ['node', 'scripts/benchSmoke.mjs'] },
};

const names = process.argv.slice(2);
const unknown = names.filter((n) => !STAGES[n]);
if (unknown.length) {
  console.error(`Unknown stage(s): ${unknown.join(', ')}. Known: ${Object.keys(STAGES).join(', ')}`);
  process.exit(2);
}

const summary = [];
let failed = false;
let passedTests = 0;
let failedTests = 0;
for (const name of names) {
  const { cmd, cmds = [cmd], env = {} } = STAGES[name];
  const started = Date.now();
  let ok = true;
  for (const c of cmds) {
    console.log(`\n=== ${name}: ${c.join(' ')}`);
    const r = spawnSync(c[0], c.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
    ok = r.status === 0;
    if (!ok) break;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const json = path.join(resultsDir, `${name}.json`);
  if (fs.existsSync(json)) {
    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    passedTests += report.numPassedTests;
    failedTests += report.numFailedTests;
  }
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(10)} ${seconds.padStart(7)} s`);
  console.log(`=== ${name} ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (!ok) {
    failed = true;
    break;
  }
}
console.log(`\nStages:\n${summary.join('\n')}`);
console.log(`${passedTests} passed, ${failedTests} failed`);
process.exit(failed ? 1 : 0);
