import type { Kysely } from 'kysely';
import { ownedNamedQueries } from '../../db/ownedNamed.js';
import { transactional } from '../../db/transactional.js';
import type { Database } from '../../db/schema.js';

/** Queries of price_rule (docs/listing-tools.md#price-rules); every one limited to the caller's scope (docs/domain.md#accounts-and-scope). */
const priceRuleQueries = (db: Kysely<Database>) => ownedNamedQueries(db, 'price_rule');

/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createPriceRuleRepo = (db: Kysely<Database>) => transactional(db, priceRuleQueries);
export type PriceRuleRepo = ReturnType<typeof createPriceRuleRepo>;
export type PriceRuleRecord = NonNullable<Awaited<ReturnType<PriceRuleRepo['get']>>>;
