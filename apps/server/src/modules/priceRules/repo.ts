import type { Insertable, Kysely, Updateable } from 'kysely';
import { transactional } from '../../db/transactional.js';
import type { Database, PriceRuleTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { containsText } from '../../db/text.js';

/** Queries of price_rule (docs/listing-tools.md#price-rules); every one limited to the caller's scope (docs/domain.md#accounts-and-scope). */
function priceRuleQueries(db: Kysely<Database>) {
  const rows = (scope: Scope) =>
    db.selectFrom('price_rule').innerJoin('account', 'account.id', 'price_rule.owner_id').where(ownedBy(scope, 'price_rule.owner_id'));

  const filtered = (scope: Scope, name?: string) => {
    const needle = name?.trim();
    return needle ? rows(scope).where(containsText('price_rule.name', needle)) : rows(scope);
  };

  return {
    async page(scope: Scope, name: string | undefined, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        filtered(scope, name)
          .selectAll('price_rule')
          .select('account.username')
          .orderBy('price_rule.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(scope, name)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, count: total.n };
    },

    /** One rule in the scope, with its owner's username; undefined outside it. */
    get: (scope: Scope, id: number) =>
      rows(scope).selectAll('price_rule').select('account.username').where('price_rule.id', '=', id).executeTakeFirst(),

    /** The scope's rules among `ids` (in no order). */
    byIds: (scope: Scope, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : rows(scope).selectAll('price_rule').select('account.username').where('price_rule.id', 'in', ids).execute(),

    async nameTaken(ownerId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('price_rule').select('id').where('owner_id', '=', ownerId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    insert: (row: Insertable<PriceRuleTable>) => db.insertInto('price_rule').values(row).returning('id').executeTakeFirstOrThrow(),

    async update(scope: Scope, id: number, set: Updateable<PriceRuleTable>): Promise<number> {
      const res = await db.updateTable('price_rule').set(set).where('id', '=', id).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    async remove(scope: Scope, ids: number[]): Promise<number> {
      const res = await db.deleteFrom('price_rule').where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
/** Of these rules (of these owners), the first a pricing template uses, with that template's name (the pricing templates module's query). */
export type TemplateUsing = (ownerIds: number[], ruleIds: number[]) => Promise<{ ruleId: number; template: string } | undefined>;

/**
 * Built once in services.ts; `inTransaction` runs several queries as one unit of work. `templateUsing` binds the
 * pricing templates' query to the same database or transaction, so a deletion checks its rules unused in its own
 * transaction.
 */
export const createPriceRuleRepo = (db: Kysely<Database>, templateUsing: (db: Kysely<Database>) => TemplateUsing) =>
  transactional(db, (q) => ({ ...priceRuleQueries(q), templateUsing: templateUsing(q) }));
export type PriceRuleRepo = ReturnType<typeof createPriceRuleRepo>;
export type PriceRuleRecord = NonNullable<Awaited<ReturnType<PriceRuleRepo['get']>>>;
