import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { TemplateKind } from '@app/contract';
import type { Database, ProductTemplateTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { containsText } from '../../db/text.js';

export interface TemplateFilter {
  shopId?: number;
  /** Part of the name, any case. */
  name?: string;
}

/** Queries of product_template; every read and write limited to the caller's scope (docs/domain.md#accounts-and-scope). */
export function createTemplateRepo(db: Kysely<Database>) {
  const rows = (scope: Scope, kind: TemplateKind) =>
    db
      .selectFrom('product_template')
      .innerJoin('account', 'account.id', 'product_template.owner_id')
      .innerJoin('store', 'store.id', 'product_template.store_id')
      .where(ownedBy(scope, 'product_template.owner_id'))
      .where('product_template.kind', '=', kind);

  const filtered = (scope: Scope, kind: TemplateKind, f: TemplateFilter) => {
    let q = rows(scope, kind);
    if (f.shopId !== undefined) q = q.where('product_template.store_id', '=', f.shopId);
    const needle = f.name?.trim();
    if (needle) q = q.where(containsText('product_template.name', needle));
    return q;
  };

  const full = <Q extends ReturnType<typeof rows>>(q: Q) =>
    q.selectAll('product_template').select(['account.username', 'store.name as store_name']);

  return {
    async page(scope: Scope, kind: TemplateKind, f: TemplateFilter, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        full(filtered(scope, kind, f))
          .orderBy('product_template.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(scope, kind, f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, count: total.n };
    },

    /** One template of this kind in the scope, with its owner's username and shop name; undefined outside it. */
    get: (scope: Scope, kind: TemplateKind, id: number) => full(rows(scope, kind)).where('product_template.id', '=', id).executeTakeFirst(),

    /** One template of the scope, of any kind: the stored row (the export reads it, forExport). */
    anyKind: (scope: Scope, id: number): Promise<Selectable<ProductTemplateTable> | undefined> =>
      db.selectFrom('product_template').selectAll().where('id', '=', id).where(ownedBy(scope, 'owner_id')).executeTakeFirst(),

    /** Another template of the same owner and kind with this name. */
    async nameTaken(ownerId: number, kind: TemplateKind, name: string, exceptId?: number): Promise<boolean> {
      let q = db
        .selectFrom('product_template')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('kind', '=', kind)
        .where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    insert: (row: Insertable<ProductTemplateTable>) =>
      db.insertInto('product_template').values(row).returning('id').executeTakeFirstOrThrow(),

    async update(scope: Scope, kind: TemplateKind, id: number, set: Updateable<ProductTemplateTable>): Promise<number> {
      const res = await db
        .updateTable('product_template')
        .set(set)
        .where('id', '=', id)
        .where('kind', '=', kind)
        .where(ownedBy(scope, 'owner_id'))
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    async remove(scope: Scope, kind: TemplateKind, id: number): Promise<number> {
      const res = await db
        .deleteFrom('product_template')
        .where('id', '=', id)
        .where('kind', '=', kind)
        .where(ownedBy(scope, 'owner_id'))
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** A deleted shop's templates (docs/templates.md, "Deleting a shop"). */
    deleteForShop: (shopId: number) => db.deleteFrom('product_template').where('store_id', '=', shopId).execute(),
  };
}
export type TemplateRepo = ReturnType<typeof createTemplateRepo>;
export type TemplateRecord = NonNullable<Awaited<ReturnType<TemplateRepo['get']>>>;
