import path from 'node:path';
import { Piscina } from 'piscina';
import type { Kysely } from 'kysely';
import type { FinishedRow, Lang } from '@app/contract';
import type { Database } from '../../db/schema.js';
import type { DialectName } from '../../db/dialect.js';
import type { Caller } from '../../http/auth.js';
import { JsonBytes } from '../../http/route.js';
import type { GroupLookup } from './groupLookup.js';
import { createFinishedList, type ListQuery } from './list.js';
import { createMaterialNameSearch } from './materialNames.js';

/**
 * A reading thread's heap: a page is made by SQLite and leaves as bytes, so its garbage is small and short-
 * lived; a small young generation keeps each thread's memory near what it holds (README: Benchmarks).
 */
const READER_LIMITS = { maxYoungGenerationSizeMb: Number(process.env.YG ?? 4) };

/** What a list-reading thread is given at start (listWorker.ts). */
export interface ListWorkerData {
  dataDir: string;
}
/** One list request for a reading thread: plain data, copied to the thread. */
export interface ListTask {
  caller: Pick<Caller, 'id' | 'scope'>;
  query: ListQuery;
  lang: Lang;
}

export interface ListReader {
  list(caller: Caller, query: ListQuery, lang: Lang): Promise<{ count: number; list: FinishedRow[] }>;
  close(): Promise<void>;
}

/**
 * The finished list's reads (SPEC §7.1 getlist). On the embedded SQLite a query runs on the thread that
 * calls it, so with `threads` > 0 lists are read on threads of their own, each with its own connection to
 * the same file (WAL lets them read while the server writes): the event loop stays free for other sellers
 * and concurrent lists use every core (README: Benchmarks). PostgreSQL already reads off the event loop.
 */
export function createListReader(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  groups: GroupLookup;
  dataDir: string;
  threads: number;
}): ListReader {
  const materialNames = createMaterialNameSearch(deps.db, deps.dialect);
  if (deps.dialect !== 'sqlite' || deps.threads === 0) {
    const listing = createFinishedList({ ...deps, materialNames });
    return { list: (caller, query, lang) => listing.list(caller, query, lang), close: () => Promise.resolve() };
  }
  const pool = new Piscina({
    filename: new URL(`./listWorker${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url).href,
    // The server runs TypeScript through tsx; worker threads need its loader too.
    execArgv: ['--import', 'tsx'],
    workerData: { dataDir: deps.dataDir } satisfies ListWorkerData,
    // Started with the server, so the first seller to open the list does not wait for a thread to load.
    minThreads: deps.threads,
    maxThreads: deps.threads,
    idleTimeout: Infinity,
    resourceLimits: READER_LIMITS,
  });
  return {
    async list(caller, query, lang) {
      // The reading threads only read: names new since the last search are indexed here, by the one writer.
      if (query.material_img_name) await materialNames.indexNewNames();
      const task: ListTask = { caller: { id: caller.id, scope: { accountIds: [...caller.scope.accountIds] } }, query, lang };
      const page = (await pool.run(task)) as { count: number; json: Uint8Array };
      // Written into the response as it is (http/route.ts); typed as the rows it holds.
      return { count: page.count, list: new JsonBytes(page.json) as unknown as FinishedRow[] };
    },
    close: () => pool.destroy(),
  };
}
