import path from 'node:path';
import type { Kysely } from 'kysely';
import type { FinishedRow, Lang } from '@app/contract';
import type { Database } from '../../../db/schema.js';
import type { DialectName } from '../../../db/dialect.js';
import type { Caller } from '../../../http/auth.js';
import { JsonBytes, PreparedBody } from '../../../http/route.js';
import type { GroupLookup } from '../../groups/index.js';
import { createFinishedList, type ListQuery } from './list.js';
import { createMaterialNameSearch } from './materialNames.js';
import { threadPool } from '../../../parsing/pool.js';

/**
 * Memory shared with the reading threads, in slots a thread writes a whole response body into: the API
 * sends it from there, so a page never becomes a new buffer on the API's thread. (Each new buffer there
 * counts towards V8's external memory, and a few hundred kilobytes per request made it stop every few
 * hundred milliseconds for a full collection.) A page of 200 rows is about 150 KB.
 */
const SLOT_BYTES = 1024 * 1024;
const SLOTS = 16;
/**
 * Lists whose seller has gone (a closed tab, a client that stopped waiting) are marked in shared memory, by
 * the list's number modulo this: a reading thread that picks one up answers it empty without reading. Under
 * more lists than the threads keep up with, a seller who gave up otherwise still cost a read ahead of those
 * waiting (docs/finished.md#under-load). More than the lists ever waiting at once, so a mark is never stale.
 */
const GONE_MARKS = 4096;

/** What a list-reading thread is given at start (listWorker.ts). */
export interface ListWorkerData {
  dataDir: string;
  /** The slots' memory, SLOT_BYTES each. */
  slots: SharedArrayBuffer;
  slotBytes: number;
  /** GONE_MARKS Int32 marks: at `seq % GONE_MARKS`, `seq` when that list's seller has gone. */
  gone: SharedArrayBuffer;
}
/** One list request for a reading thread: plain data, copied to the thread. */
export interface ListTask {
  caller: Pick<Caller, 'id' | 'scope'>;
  query: ListQuery;
  lang: Lang;
  /** The slot to write the response body into, when one was free. */
  slot?: number;
  /** The list's number, for its mark when its seller has gone. */
  seq: number;
}
/**
 * A thread's answer: the body's length in its slot, the page itself when it had no slot or did not fit, or
 * that it did not read because the seller had gone.
 */
export type ListAnswer = { written: number } | { count: number; json: Uint8Array } | { gone: true };

/** Whether list `seq` is marked gone (listWorker.ts asks before reading). */
export const isGone = (marks: Int32Array, seq: number) => Atomics.load(marks, seq % GONE_MARKS) === seq;

export interface ListReader {
  /** `gone`: aborted when the seller stops waiting; a list not yet read is then answered empty, unread. */
  list(caller: Caller, query: ListQuery, lang: Lang, gone?: AbortSignal): Promise<{ count: number; list: FinishedRow[] } | PreparedBody>;
  /** Shared slots holding a body not yet sent (0 when idle: none is ever lost). */
  slotsInUse(): number;
  /** Lists left unread because their seller had gone before a reading thread came to them. */
  unreadForGone(): number;
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
    return {
      list: (caller, query, lang) => listing.list(caller, query, lang),
      slotsInUse: () => 0,
      unreadForGone: () => 0,
      close: () => Promise.resolve(),
    };
  }
  const slots = new SharedArrayBuffer(SLOT_BYTES * SLOTS);
  const free = Array.from({ length: SLOTS }, (_, i) => i);
  const gone = new SharedArrayBuffer(GONE_MARKS * 4);
  const marks = new Int32Array(gone);
  let seq = 0;
  let unread = 0;
  const pool = threadPool({
    filename: new URL(`./listWorker${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url).href,
    workerData: { dataDir: deps.dataDir, slots, slotBytes: SLOT_BYTES, gone } satisfies ListWorkerData,
    // Started with the server, so the first seller to open the list does not wait for a thread to load.
    minThreads: deps.threads,
    maxThreads: deps.threads,
    idleTimeout: Infinity,
    // A reading thread's garbage is small and short-lived (the page leaves as bytes): a small young
    // generation keeps each thread's memory near what it holds (README: Benchmarks).
    resourceLimits: { maxYoungGenerationSizeMb: 12 },
  });
  return {
    async list(caller, query, lang, goneSignal) {
      // The reading threads only read: names new since the last search are indexed here, by the one writer.
      if (query.material_img_name) await materialNames.indexNewNames();
      // 1 to 2^30 (an Int32 holds it; an unmarked position holds 0).
      const n = (seq = seq >= 2 ** 30 ? 1 : seq + 1);
      const mark = () => Atomics.store(marks, n % GONE_MARKS, n);
      if (goneSignal?.aborted) mark();
      else goneSignal?.addEventListener('abort', mark, { once: true });
      const slot = free.pop();
      const task: ListTask = { caller: { id: caller.id, scope: { accountIds: [...caller.scope.accountIds] } }, query, lang, slot, seq: n };
      let answer: ListAnswer;
      try {
        answer = (await pool.run(task)) as ListAnswer;
      } catch (err) {
        if (slot !== undefined) free.push(slot);
        throw err;
      } finally {
        goneSignal?.removeEventListener('abort', mark);
      }
      if ('gone' in answer) {
        unread++;
        if (slot !== undefined) free.push(slot);
        return { count: 0, list: [] };
      }
      if ('written' in answer) {
        return new PreparedBody(new Uint8Array(slots, slot! * SLOT_BYTES, answer.written), () => free.push(slot!));
      }
      if (slot !== undefined) free.push(slot);
      // Written into the response as it is (http/route.ts); typed as the rows it holds.
      return { count: answer.count, list: new JsonBytes(answer.json) as unknown as FinishedRow[] };
    },
    slotsInUse: () => SLOTS - free.length,
    unreadForGone: () => unread,
    close: () => pool.destroy(),
  };
}
