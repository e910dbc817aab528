import { workerData } from 'node:worker_threads';
import { openDb } from '../../db/dialect.js';
import { JsonBytes } from '../../http/route.js';
import type { Caller } from '../../http/auth.js';
import { createGroupService } from '../groups/service.js';
import { createFinishedList } from './list.js';
import type { ListTask, ListWorkerData } from './listReader.js';
import { createMaterialNameSearch } from './materialNames.js';

/** Entry of a list-reading thread (listReader.ts): its own connection to the SQLite file, reads only. */
const { dataDir } = workerData as ListWorkerData;
const { db, dialect } = openDb({ dataDir });
const listing = createFinishedList({
  db,
  dialect,
  groups: createGroupService({ db, now: () => Date.now() }).lookup,
  materialNames: createMaterialNameSearch(db, dialect, { indexesNewNames: false }),
});

export default async function readList(task: ListTask): Promise<{ count: number; json: Uint8Array }> {
  const page = await listing.list(task.caller as Caller, task.query, task.lang);
  const list: unknown = page.list;
  return { count: page.count, json: list instanceof JsonBytes ? list.bytes : Buffer.from(JSON.stringify(list)) };
}
