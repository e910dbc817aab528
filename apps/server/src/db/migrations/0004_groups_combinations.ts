import type { Kysely } from 'kysely';
import { withId, type PortableMigration } from './helpers.js';

/**
 * Custom groups of finished products (a tree per owner, lockable; docs/domain.md#groups) and
 * combinations (docs/domain.md#combinations: a combined row, its childs leave the list while combined).
 */
export const m0004_groups_combinations: PortableMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('finished_group'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.notNull())
      /** 0 for a top-level group. */
      .addColumn('pid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_locked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('finished_group_owner').on('finished_group').columns(['owner_id', 'pid']).execute();

    // A combined product's child: the combination it is in (null: on the list), whether it is the
    // combination's parent (its listing's 母体) and its place in the combination.
    await db.schema.alterTable('finished').addColumn('combined_into', 'bigint').execute();
    await db.schema
      .alterTable('finished')
      .addColumn('combo_as_parent', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('finished')
      .addColumn('combo_sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('finished')
      .addColumn('child_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('finished_combined_into').on('finished').column('combined_into').execute();
    await db.schema.createIndex('finished_by_group').on('finished').columns(['group_id', 'createtime']).execute();
    await db.schema.createIndex('finished_attr_key').on('finished_attr').column('key_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('finished_attr_key').execute();
    await db.schema.dropIndex('finished_by_group').execute();
    await db.schema.dropIndex('finished_combined_into').execute();
    for (const c of ['child_count', 'combo_sort', 'combo_as_parent', 'combined_into'])
      await db.schema.alterTable('finished').dropColumn(c).execute();
    await db.schema.dropTable('finished_group').execute();
  },
});
