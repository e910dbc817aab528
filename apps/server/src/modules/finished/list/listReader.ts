import path from 'node:path';
import { Piscina } from 'piscina';
import type { Kysely } from 'kysely';
import type { FinishedRow, Lang } from '@app/contract';
import type { Database } from '../../../db/schema.js';
import type { DialectName } from '../../../db/dialect.js';
import type { Caller } from '../../../http/auth.js';
import { JsonBytes, PreparedBody } from '../../../http/route.js';
import type { GroupLookup } from '../../groups/index.js';
import { createFinishedList, type ListQuery } from './list.js';
import { createMaterialNameSearch } from './materialNames.js';

/**
 * Memory shared with the reading threads, in slots a thread writes a whole response body into: the API
 * sends it from there, so a page never becomes a new buffer on the API's thread. (Each new buffer there
 * counts towards V8's external memory, and a few hundred kilobytes per request made it stop every few
 * hundred milliseconds for a full collection.) A page of 200 rows is about 150 KB.
 */
const SLOT_BYTES = 1024 * 1024;
const SLOTS = 16;

/** What a list-reading thread is given at start (listWorker.ts). */
export interface ListWorkerData {
  dataDir: string;
  /** The slots' memory, SLOT_BYTES each. */
  slots: SharedArrayBuffer;
  slotBytes: number;
}
/** One list request for a reading thread: plain data, copied to the thread. */
export interface ListTask {
  caller: Pick<Caller, 'id' | 'scope'>;
  query: ListQuery;
  lang: Lang;
  /** The slot to write the response body into, when one was free. */
  slot?: number;
}
/** A thread's answer: the body's length in its slot, or the page itself when it had no slot or did not fit. */
export type ListAnswer = { written: number } | { count: number; json: Uint8Array };

export interface ListReader {
  list(caller: Caller, query: ListQuery, lang: Lang): Promise<{ count: number; list: FinishedRow[] } | PreparedBody>;
  /** Shared slots holding a body not yet sent (0 when idle: none is ever lost). */
  slotsInUse(): number;
  close(): Promise<void>;
}

/**
 * The finished list's reads (getlist, docs/api.md#finished-products). On the embedded SQLite a query runs on the thread that
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
    return { list: (caller, query, lang) => listing.list(caller, query, lang), slotsInUse: () => 0, close: () => Promise.resolve() };
  }
  const slots = new SharedArrayBuffer(SLOT_BYTES * SLOTS);
  const free = Array.from({ length: SLOTS }, (_, i) => i);
  const pool = new Piscina({
    filename: new URL(`./listWorker${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url).href,
    // The server runs TypeScript through tsx; worker threads need its loader too.
    execArgv: ['--import', 'tsx'],
    workerData: { dataDir: deps.dataDir, slots, slotBytes: SLOT_BYTES } satisfies ListWorkerData,
    // Started with the server, so the first seller to open the list does not wait for a thread to load.
    minThreads: deps.threads,
    maxThreads: deps.threads,
    idleTimeout: Infinity,
    // A reading thread's garbage is small and short-lived (the page leaves as bytes): a small young
    // generation keeps each thread's memory near what it holds (README: Benchmarks).
    resourceLimits: { maxYoungGenerationSizeMb: 12 },
  });
  return {
    async list(caller, query, lang) {
      // The reading threads only read: names new since the last search are indexed here, by the one writer.
      if (query.material_img_name) await materialNames.indexNewNames();
      const slot = free.pop();
      const task: ListTask = { caller: { id: caller.id, scope: { accountIds: [...caller.scope.accountIds] } }, query, lang, slot };
      let answer: ListAnswer;
      try {
        answer = (await pool.run(task)) as ListAnswer;
      } catch (err) {
        if (slot !== undefined) free.push(slot);
        throw err;
      }
      if ('written' in answer) {
        return new PreparedBody(new Uint8Array(slots, slot! * SLOT_BYTES, answer.written), () => free.push(slot!));
      }
      if (slot !== undefined) free.push(slot);
      // Written into the response as it is (http/route.ts); typed as the rows it holds.
      return { count: answer.count, list: new JsonBytes(answer.json) as unknown as FinishedRow[] };
    },
    slotsInUse: () => SLOTS - free.length,
    close: () => pool.destroy(),
  };
}
