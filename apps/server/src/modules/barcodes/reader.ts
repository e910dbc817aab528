import { BARCODE_IMPORT_MAX, type GeneratedType } from '@app/contract';
import { AppError } from '../../http/errors.js';
import { overParseLimits, workerModule, type ParsePool } from '../../parsing/pool.js';
import type { CodesAnswer, MadeCodes } from './codesWorker.js';
import type { CheckedLines } from './lines.js';

const CODES_WORKER = workerModule(import.meta.url, 'codesWorker');

/** Reads and checks an import's codes on a parsing thread (codesWorker.ts): the event loop stays free for every other seller. */
export function createCodeReader(parsing: Pick<ParsePool, 'run'>) {
  return async (task: { text: string } | { file: Buffer; filename: string }): Promise<CheckedLines> => {
    let answer: CodesAnswer;
    try {
      answer = await parsing.run<CodesAnswer>(CODES_WORKER, 'readCodesTask', task);
    } catch (err) {
      // Its thread was stopped for time or memory: a file no real list makes.
      if (overParseLimits(err)) throw new AppError(413, 'barcodeFileTooBig', { max: BARCODE_IMPORT_MAX });
      throw err;
    }
    if (!answer.ok) throw new AppError(answer.status, answer.key, answer.params);
    return answer.checked;
  };
}

/** A generation's codes and their GTIN-14 keys, built on a parsing thread (codesWorker.ts) like an import's. */
export function createCodeMaker(parsing: Pick<ParsePool, 'run'>) {
  return async (task: { prefix: string; type: GeneratedType; start: number; count: number }) => {
    const made = await parsing.run<MadeCodes>(CODES_WORKER, 'makeCodesTask', task);
    return { codes: made.codes.split('\n'), gtins: made.gtins.split('\n') };
  };
}
