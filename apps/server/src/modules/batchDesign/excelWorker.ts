import { AppError } from '../../http/errors.js';
import type { MessageKey } from '@app/contract';
import { yieldToTheApi } from '../../parsing/pool.js';
import { readBatchSheet, type BatchSheet } from './excel.js';

yieldToTheApi();

/** A sheet read on a parsing thread, or the seller-facing refusal (an AppError does not cross threads). */
export type SheetAnswer = { ok: true; sheet: BatchSheet } | { ok: false; status: number; key: MessageKey };

/** Entry of the parsing pool (parsing/pool.ts) for the Excel batch design. */
export async function readBatchSheetTask(task: { file: Uint8Array; filename: string }): Promise<SheetAnswer> {
  try {
    return { ok: true, sheet: await readBatchSheet(task.file, task.filename) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, status: err.status, key: err.key };
    throw err;
  }
}
