import type { Services } from '../services.js';
import { seedDemoAccounts } from './accounts.js';
import { seedDemoCatalogue } from './catalogue/seed.js';
import { seedDemoMaterials } from './materials.js';
import { seedDemoFinished } from './finished.js';
import { seedDemoListing } from './listing.js';
import { seedDemoBarcodes } from './barcodes.js';
import { seedDemoPublishing } from './publishing.js';
import { seedDemoWallet } from './wallet.js';
import { seedDemoNotices } from './notices.js';

export { DEMO_PASSWORD } from './accounts.js';

export type { DemoContentDeps } from './deps.js';

/**
 * The demo a first start shows (README: Quick start), called by main.ts (and the test helper), never by
 * buildApp: the accounts demo / demo-a / demo-b (SEED_DEMO), then with SEED_DEMO_CONTENT the demo
 * catalogue (generated, then loaded through the catalogue import), the demo accounts' materials, and
 * finished products made by the real synthesis pipeline (rows now, images by the job queue while the
 * server already answers), the listing settings an export needs (shops, pricing and product templates), and the notices
 * (docs/mobile.md#notices). Each step does nothing when its rows already exist.
 */
export async function seedDemo(services: Services): Promise<void> {
  const { config, db, storage, catalogue, synthesis } = services;
  const log = (m: string) => services.log.info(m);
  if (!config.seedDemo) return;
  await seedDemoAccounts({ repo: services.accountRepo, passwords: services.passwords, now: config.now, log });
  if (!config.seedDemoContent) return seedDemoPublishing(services);
  const deps = { db: db.db, storage, dataDir: config.dataDir, now: config.now, log };
  await seedDemoCatalogue(deps);
  await seedDemoMaterials(deps);
  await seedDemoFinished({ ...deps, catalogue, synthesis });
  await seedDemoListing(deps);
  await seedDemoBarcodes(services);
  await seedDemoWallet(deps);
  await seedDemoNotices(deps);
  // With the sandboxes in this process: a connected shop on each marketplace (docs/publishing.md#demo).
  await seedDemoPublishing(services);
}
