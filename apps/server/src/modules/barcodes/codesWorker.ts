import { generatedCode, gtinKey, type GeneratedType, type MessageKey } from '@app/contract';
import { AppError } from '../../http/errors.js';
import { yieldToTheApi } from '../../parsing/pool.js';
import { checkLines, type CheckedLines } from './lines.js';
import { pastedLines, readCodeFile } from './sheet.js';

yieldToTheApi();

/** Codes read and checked on a parsing thread, or the seller-facing refusal (an AppError does not cross threads). */
export type CodesAnswer =
  { ok: true; checked: CheckedLines } | { ok: false; status: number; key: MessageKey; params: Record<string, string | number> };

/** Entry of the parsing pool (parsing/pool.ts) for a barcode import: a paste, or an .xlsx / .csv. */
export async function readCodesTask(task: { text: string } | { file: Uint8Array; filename: string }): Promise<CodesAnswer> {
  try {
    const lines = 'text' in task ? pastedLines(task.text) : await readCodeFile(task.file, task.filename);
    return { ok: true, checked: checkLines(lines) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, status: err.status, key: err.key, params: err.params };
    throw err;
  }
}

/** A generation's codes, each list joined by newlines: one string crosses threads far faster than 200,000. */
export interface MadeCodes {
  codes: string;
  gtins: string;
}

/**
 * Entry of the parsing pool for a generation (createBarcode): `count` codes from running item references, each
 * with its check digit and its GTIN-14 key — about half a second for 200,000, kept off the API's event loop.
 */
export function makeCodesTask(task: { prefix: string; type: GeneratedType; start: number; count: number }): MadeCodes {
  const codes: string[] = [];
  for (let ref = task.start; ref < task.start + task.count; ref++) codes.push(generatedCode(task.prefix, task.type, ref));
  return { codes: codes.join('\n'), gtins: codes.map(gtinKey).join('\n') };
}
