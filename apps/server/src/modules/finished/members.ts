import type { Scope } from '../../db/scope.js';
import { AppError } from '../../http/errors.js';
import type { FinishedQueries } from './repo.js';

/** Finished rows by id, all in the scope, or the not-found error (nothing is done on a partial match). */
export async function ownedRows(r: Pick<FinishedQueries, 'rowsInScope'>, scope: Scope, ids: number[]) {
  const rows = await r.rowsInScope(scope, ids);
  if (rows.length !== ids.length) throw new AppError(404, 'finishedNotFound');
  return rows;
}

/**
 * The products whose variants each row stands for: itself, or a combination's childs
 * (docs/domain.md#combinations).
 */
export async function membersByRow(r: Pick<FinishedQueries, 'childLinksOf'>, rowIds: number[]): Promise<Map<number, number[]>> {
  const childs = await r.childLinksOf(rowIds);
  const members = new Map(rowIds.map((id) => [id, [] as number[]]));
  for (const c of childs) members.get(c.combined_into!)!.push(c.id);
  for (const [id, list] of members) if (list.length === 0) list.push(id);
  return members;
}

export async function membersOf(r: Pick<FinishedQueries, 'childLinksOf'>, rowId: number): Promise<number[]> {
  return (await membersByRow(r, [rowId])).get(rowId)!;
}
