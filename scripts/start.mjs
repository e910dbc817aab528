// `npm start`: builds the web app when it is missing or older than its sources, then runs the server,
// which serves the app, /api and /files on one port (PORT, default 8080).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ARGS, SERVER_ENV } from './serverProcess.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Both builds' pages: the back office's and the phone pages' (apps/web/vite.phone.config.ts).
const pages = ['index.html', 'mobile.html'].map((f) => path.join(root, 'apps/web/dist', f));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test-results') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'packages')));
if (pages.some((p) => !fs.existsSync(p) || fs.statSync(p).mtimeMs < sources)) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, SERVER_ARGS, { cwd: root, stdio: 'inherit', env: { ...SERVER_ENV, ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
