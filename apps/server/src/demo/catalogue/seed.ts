import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import path from 'node:path';
import type { DemoContentDeps } from '../deps.js';
import { importCatalogue } from '../../modules/catalogue/index.js';
import { listingNameQueries } from '../../modules/finished/index.js';
import { DEMO_BLANKS, type GenerateOptions } from './generate.js';

/** Bump when the demo art or its manifests change, so a kept demo folder is drawn again. */
export const DEMO_CATALOGUE_VERSION = 2;

/**
 * The demo catalogue on a first start: when there is no product yet, draw the demo blanks into
 * <dataDir>/demo-catalogue (or reuse a complete one drawn before) and load it through the catalogue
 * import, like any operator's folder.
 */
export async function seedDemoCatalogue(deps: DemoContentDeps, opts: Pick<GenerateOptions, 'only' | 'size'> = {}): Promise<void> {
  if (await deps.db.selectFrom('product').select('id').limit(1).executeTakeFirst()) return;
  const dir = path.join(deps.dataDir, 'demo-catalogue');
  const marker = path.join(dir, '.complete');
  // The marker is written last: a folder without it (an interrupted start) is drawn again.
  const stamp = JSON.stringify({ version: DEMO_CATALOGUE_VERSION, size: opts.size ?? 2000, only: opts.only ?? Object.keys(DEMO_BLANKS) });
  const existing = await fsp.readFile(marker, 'utf8').catch(() => undefined);
  if (existing === stamp) deps.log(`Reusing the demo catalogue drawn before in ${dir}`);
  else {
    const started = performance.now();
    await fsp.rm(dir, { recursive: true, force: true });
    await drawInChildProcess(dir, opts);
    await fsp.writeFile(marker, stamp);
    deps.log(`Demo catalogue drawn in ${((performance.now() - started) / 1000).toFixed(1)} s into ${dir}`);
  }
  const summary = await importCatalogue(dir, {
    db: deps.db,
    storage: deps.storage,
    now: deps.now,
    listingNames: listingNameQueries(deps.db),
  });
  deps.log(`Demo catalogue imported: ${summary.products.map((p) => p.code).join(', ')}`);
}

/**
 * Draws the demo folder in a process of its own (the catalogue:demo command): the drawing's image
 * buffers would otherwise stay in the server's memory for its whole life.
 */
async function drawInChildProcess(dir: string, opts: Pick<GenerateOptions, 'only' | 'size'>) {
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  const args = ['--import', 'tsx', cli, dir];
  if (opts.only) args.push('--only', opts.only.join(','));
  if (opts.size) args.push('--size', String(opts.size));
  await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 20 });
}
