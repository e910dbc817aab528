import { workerData } from 'node:worker_threads';
import { openDb } from '../../../db/dialect.js';
import { JsonBytes, okEnvelope, writeTrusted } from '../../../http/route.js';
import type { Caller } from '../../../http/auth.js';
import { createGroupRepo, createGroupService } from '../../groups/index.js';
import { createFinishedList } from './list.js';
import { isGone, type ListAnswer, type ListTask, type ListWorkerData } from './listReader.js';
import { createMaterialNameSearch } from './materialNames.js';

/** Entry of a list-reading thread (listReader.ts): its own connection to the SQLite file, reads only. */
const { dataDir, slots, slotBytes, gone } = workerData as ListWorkerData;
const marks = new Int32Array(gone);
const { db, dialect } = openDb({ dataDir });
const readOnly = () => ({
  ungroup: () => Promise.reject(new Error('a list-reading thread deletes no group')),
});
const listing = createFinishedList({
  db,
  dialect,
  // The lookup only reads the groups: this thread never deletes one, so never files products elsewhere.
  groups: createGroupService({ repo: createGroupRepo(db, readOnly), now: () => Date.now() }).lookup,
  materialNames: createMaterialNameSearch(db, dialect, { indexesNewNames: false }),
});

export default async function readList(task: ListTask): Promise<ListAnswer> {
  // The seller stopped waiting while the list was queued: nobody would read the page.
  if (isGone(marks, task.seq)) return { gone: true };
  const page = await listing.list(task.caller as Caller, task.query, task.lang);
  const list: unknown = page.list;
  const json = list instanceof JsonBytes ? list.bytes : Buffer.from(JSON.stringify(list));
  if (task.slot !== undefined) {
    // The whole response body, the success envelope around the page, straight into the shared slot.
    const body = okEnvelope({ count: page.count, list: new JsonBytes(json) }, task.lang);
    const written = writeTrusted(body, new Uint8Array(slots, task.slot * slotBytes, slotBytes));
    if (written !== undefined) return { written };
  }
  return { count: page.count, json };
}
