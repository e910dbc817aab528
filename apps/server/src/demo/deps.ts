import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { BlobStorage } from '../storage/blobStorage.js';

/** What the demo content steps need. */
export interface DemoContentDeps {
  db: Kysely<Database>;
  storage: BlobStorage;
  dataDir: string;
  now: () => number;
  log: (msg: string) => void;
}
