import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const day = (ms: number) => new Date(ms).toISOString().slice(2, 10).replace(/-/g, '');
/** Finished number (key_id) and synthesis number (task_id): date plus random digits, readable over the phone. */
export const newKeyId = (now: number) => `FP${day(now)}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
export const newTaskId = (now: number) => `TS${day(now)}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
export const designHash = (designText: string) => createHash('sha256').update(designText).digest('hex');

/** A finished number no product has yet (they are random: a clash is drawn again). */
export async function freeKeyId(db: Kysely<Database>, now: number): Promise<string> {
  for (let tries = 0; tries < 6; tries++) {
    const key = newKeyId(now);
    if (!(await db.selectFrom('finished').select('id').where('key_id', '=', key).executeTakeFirst())) return key;
  }
  throw new Error('could not draw a free finished number');
}
