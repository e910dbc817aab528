import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BlobStorage } from '../../storage/blobStorage.js';

export type MaterialService = object;

export function createMaterialService(deps: { db: Kysely<Database>; storage: BlobStorage; now: () => number }): MaterialService {
  void deps;
  return {};
}
