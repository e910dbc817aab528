import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * Material download (docs/finished.md#dialogs): the file each material was uploaded as, byte for byte, beside
 * the re-encoded image the editor and the printer use. Null for materials stored before.
 */
export const m0005_material_originals: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('material').addColumn('original_key', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('material').dropColumn('original_key').execute();
  },
});
