import type { Kysely } from 'kysely';
import { ownedNamedQueries } from '../../db/ownedNamed.js';
import { transactional } from '../../db/transactional.js';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { containsText } from '../../db/text.js';

export interface PriceTemplateFilter {
  platformType?: number;
  /** Any of these types (the templates that fit a shop, @app/contract priceTypesFor). */
  platformTypes?: number[];
  /** Part of the name, any case. */
  name?: string;
  /** The owner's username, exactly. */
  username?: string;
}

/** Queries of price_template; every one limited to the caller's scope (docs/domain.md#accounts-and-scope). */
function priceTemplateQueries(db: Kysely<Database>, dialect: DialectName) {
  const rows = (scope: Scope) =>
    db
      .selectFrom('price_template')
      .innerJoin('account', 'account.id', 'price_template.owner_id')
      .where(ownedBy(scope, 'price_template.owner_id'));

  const filtered = (scope: Scope, f: PriceTemplateFilter) => {
    let q = rows(scope);
    if (f.platformType !== undefined) q = q.where('price_template.platform_type', '=', f.platformType);
    if (f.platformTypes !== undefined) q = q.where('price_template.platform_type', 'in', f.platformTypes);
    if (f.username) q = q.where('account.username', '=', f.username);
    const needle = f.name?.trim();
    if (needle) q = q.where(containsText('price_template.name', needle));
    return q;
  };

  return {
    ...ownedNamedQueries(db, 'price_template'),

    /** A page of the scope's templates, newest first, narrowed by marketplace, owner and part of the name. */
    async page(scope: Scope, f: PriceTemplateFilter, limit: number, offset: number) {
      const [list, total] = await Promise.all([
        filtered(scope, f)
          .selectAll('price_template')
          .select('account.username')
          .orderBy('price_template.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(scope, f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { list, count: total.n };
    },

    /** Of these price rules, the first a template uses, with the template's name (a used rule is not deleted). */
    async usingRules(ownerIds: number[], ruleIds: number[]): Promise<{ ruleId: number; template: string } | undefined> {
      // A template uses only its own owner's rules: the owners' templates with any rule are all there is to read.
      const rows = await db
        .selectFrom('price_template')
        .select(['name', 'rule_ids'])
        .where('owner_id', 'in', ownerIds.length ? ownerIds : [-1])
        .where('rule_ids', '<>', '[]')
        .orderBy('id')
        .execute();
      for (const r of rows) {
        const used = (JSON.parse(r.rule_ids) as number[]).find((id) => ruleIds.includes(id));
        if (used !== undefined) return { ruleId: used, template: r.name };
      }
      return undefined;
    },

    /**
     * Of these price rules, the ids still there, read in the transaction that saves a template naming them
     * (PostgreSQL: locked FOR KEY SHARE until it ends). A rule's deletion, which removes its row and then reads
     * the templates, either waits for the template and sees it, or ends first and the template sees the rule
     * gone (docs/listing-tools.md#price-rules).
     */
    async rulesStillThere(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      let q = db.selectFrom('price_rule').select('id').where('id', 'in', ids);
      if (dialect === 'postgres') q = q.forKeyShare();
      return new Set((await q.execute()).map((r) => r.id));
    },

    async remove(scope: Scope, ids: number[]): Promise<number> {
      const res = await db.deleteFrom('price_template').where('id', 'in', ids).where(ownedBy(scope, 'owner_id')).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createPriceTemplateRepo = (db: Kysely<Database>, dialect: DialectName) =>
  transactional(db, (q) => priceTemplateQueries(q, dialect));
export type PriceTemplateRepo = ReturnType<typeof createPriceTemplateRepo>;
export type PriceTemplateRecord = NonNullable<Awaited<ReturnType<PriceTemplateRepo['get']>>>;
