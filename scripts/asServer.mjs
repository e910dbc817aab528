// `node scripts/asServer.mjs file.ts args…`: runs a TypeScript file under the server process's runtime
// (serverProcess.mjs: its V8 flags and glibc allocator settings), for a bench that builds the server in its
// own process (bench:abuse), so its memory figures are those of the server sellers run. glibc reads its
// settings when a process starts, so a process cannot give them to itself. The caller's environment wins.
import { spawnSync } from 'node:child_process';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './serverProcess.mjs';

const [file, ...args] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/asServer.mjs file.ts [args…]');
const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', file, ...args], {
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env },
});
process.exit(run.status ?? 1);
