import type { MessageKey } from '@app/contract';
import { AppError } from '../../http/errors.js';
import { yieldToTheApi } from '../../parsing/pool.js';
import { readDiyTemplate } from './diyExcel.js';

yieldToTheApi();

/** Header rows read on a parsing thread, or the seller-facing refusal (an AppError does not cross threads). */
export type DiyAnswer =
  { ok: true; rows: string[][] } | { ok: false; status: number; key: MessageKey; params?: Record<string, string | number> };

/** Entry of the parsing pool (parsing/pool.ts) for diyImport. */
export async function readDiyTemplateTask(task: { file: Uint8Array; filename: string }): Promise<DiyAnswer> {
  try {
    return { ok: true, rows: await readDiyTemplate(task.file, task.filename) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, status: err.status, key: err.key, params: err.params };
    throw err;
  }
}
