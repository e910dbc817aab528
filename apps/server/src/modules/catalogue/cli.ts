import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openServices } from '../../services.js';
import { listingNameQueries } from '../finished/index.js';
import { CatalogueImportError, importCatalogue } from './import.js';

/**
 * `npm run catalogue:import -- <dir>`: loads a catalogue folder (docs/catalogue-format.md) into the
 * database and file store the server uses (DATA_DIR, DATABASE_URL).
 */
async function main(argv: string[]) {
  const [dir] = argv;
  if (!dir) throw new Error('usage: npm run catalogue:import -- <dir>');
  const { app: config } = loadConfig();
  // The server's own wiring (a tool reads no lists: no reading threads).
  const services = await openServices({ ...config, readThreads: 0 });
  try {
    const started = performance.now();
    const summary = await importCatalogue(path.resolve(dir), {
      db: services.db.db,
      storage: services.storage,
      now: () => Date.now(),
      log: (m) => console.log(`  ${m}`),
      listingNames: listingNameQueries(services.db.db),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const created = summary.products.filter((p) => p.created).length;
    const skus = summary.products.reduce(
      (t, p) => ({ kept: t.kept + p.skus.kept, added: t.added + p.skus.added, removed: t.removed + p.skus.removed }),
      { kept: 0, added: 0, removed: 0 },
    );
    console.log(
      `Imported ${path.resolve(dir)} into ${config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'app.db')} in ${seconds} s: ` +
        `categories ${summary.categories.created} new, ${summary.categories.updated} updated; ` +
        `products ${created} new, ${summary.products.length - created} updated; ` +
        `SKUs ${skus.added} new, ${skus.kept} kept, ${skus.removed} removed`,
    );
  } finally {
    await services.close();
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof CatalogueImportError || e instanceof Error ? e.message : e);
  process.exit(1);
});
