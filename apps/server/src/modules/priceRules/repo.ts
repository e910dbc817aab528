import type { Kysely } from 'kysely';
import { ownedNamedQueries } from '../../db/ownedNamed.js';
import { transactional } from '../../db/transactional.js';
import type { Database } from '../../db/schema.js';

/** Queries of price_rule (docs/listing-tools.md#price-rules); every one limited to the caller's scope (docs/domain.md#accounts-and-scope). */
const priceRuleQueries = (db: Kysely<Database>) => ownedNamedQueries(db, 'price_rule');

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
