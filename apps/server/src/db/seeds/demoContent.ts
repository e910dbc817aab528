import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { CatalogueService } from '../../modules/catalogue/service.js';
import type { SynthesisService } from '../../modules/synthesis/service.js';
import { seedDemoCatalogue } from '../../modules/catalogue/demo/seed.js';
import { seedDemoMaterials } from '../../modules/materials/demo.js';
import { seedDemoFinished } from '../../modules/synthesis/demoFinished.js';

export interface DemoContentDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  dataDir: string;
  now: () => number;
  log: (msg: string) => void;
}

/**
 * Demo content on a first start, after the demo accounts: the demo catalogue (generated, then loaded
 * through the catalogue import), the demo accounts' materials, and finished products made by the real
 * synthesis pipeline (rows now, images by the job queue while the server already answers). Each step
 * does nothing when its rows already exist.
 */
export async function seedDemoContent(deps: DemoContentDeps & { catalogue: CatalogueService; synthesis: SynthesisService }): Promise<void> {
  await seedDemoCatalogue(deps);
  await seedDemoMaterials(deps);
  await seedDemoFinished(deps);
}
