import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * Blob privacy (docs/security.md#blob-privacy): uploads are stored under random names, so the
 * content hash that dedupes an owner's uploads is looked up here, never read from a file's name:
 * the index finds an owner's stored copy of a picture, and original_sha256 tells whether the file as
 * uploaded is the same too. Null for materials stored before (their originals are not deduped).
 */
export const m0011_material_private_names: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('material').addColumn('original_sha256', 'text').execute();
    await db.schema.createIndex('material_owner_sha256').on('material').columns(['owner_id', 'sha256']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('material_owner_sha256').execute();
    await db.schema.alterTable('material').dropColumn('original_sha256').execute();
  },
});
