import type { Kysely } from 'kysely';
import { ownedNamedQueries } from '../../db/ownedNamed.js';
import { transactional } from '../../db/transactional.js';
import type { Database } from '../../db/schema.js';

/** Queries of title_template and keyword_set (docs/listing-tools.md#titles), each limited to the caller's scope. */
const titleQueries = (db: Kysely<Database>) => ({
  templates: ownedNamedQueries(db, 'title_template'),
  keywordSets: ownedNamedQueries(db, 'keyword_set'),
});

/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createTitleRepo = (db: Kysely<Database>) => transactional(db, titleQueries);
export type TitleRepo = ReturnType<typeof createTitleRepo>;
export type TitleTemplateRecord = NonNullable<Awaited<ReturnType<TitleRepo['templates']['get']>>>;
export type KeywordSetRecord = NonNullable<Awaited<ReturnType<TitleRepo['keywordSets']['get']>>>;
