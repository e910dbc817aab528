import { serializeDesign, fillPlaceholders, hasPlaceholderText, parseDesign, type DesignDocument } from '@app/design';
import { hasCjk, type BatchRow } from '@app/contract';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { overParseLimits, workerModule, type ParsePool } from '../../parsing/pool.js';
import type { SynthesisService } from '../synthesis/index.js';
import type { BatchSheet } from './excel.js';
import type { SheetAnswer } from './excelWorker.js';

const EXCEL_WORKER = workerModule(import.meta.url, 'excelWorker');
/** Listing titles are cut here (the large marketplace's item_name limit). */
const TITLE_MAX = 200;

/**
 * A batch product's listing title (docs/domain.md#excel-batch-design): the sheet's 标题 column when the row has one,
 * else the blank's English name, the design's material name when it is English, and the row's 号码 and 姓名. A blank
 * without an English name keeps today's name (the blank's name and the row's), which the pre-flight then refuses.
 */
export function batchTitle(row: BatchRow, blankNameEn: string, materialNames: string): string | undefined {
  if (row.title) return row.title.slice(0, TITLE_MAX);
  if (!blankNameEn) return undefined;
  const material =
    materialNames
      .split('、')[0]
      ?.replace(/\.[a-z0-9]{2,4}$/i, '')
      .trim() ?? '';
  const parts = [blankNameEn, material && !hasCjk(material) ? material : '', row.number, row.name];
  return parts
    .filter((s) => s !== '')
    .join(' ')
    .slice(0, TITLE_MAX)
    .trim();
}

/**
 * The Excel batch design (docs/domain.md#excel-batch-design): the template is a finished product's design (its layer record);
 * each row copies it with NO. and 姓名 replaced and becomes a new finished product through synthesis.
 * Everything is checked before the first product is made.
 */
export function createBatchDesignService(deps: {
  synthesis: Pick<SynthesisService, 'admit' | 'create' | 'designLayerlog'>;
  parsing: Pick<ParsePool, 'run'>;
}) {
  const { synthesis, parsing } = deps;

  /** Reads an uploaded sheet (excel.ts) on a parsing thread: the event loop stays free for every other seller. */
  async function readSheet(file: Buffer, filename: string): Promise<BatchSheet> {
    let answer: SheetAnswer;
    try {
      answer = await parsing.run<SheetAnswer>(EXCEL_WORKER, 'readBatchSheetTask', { file, filename });
    } catch (err) {
      // Its thread was stopped for time or memory: a file no real list makes.
      if (overParseLimits(err)) throw new AppError(413, 'excelTooBig');
      throw err;
    }
    if (!answer.ok) throw new AppError(answer.status, answer.key);
    return answer.sheet;
  }

  async function start(caller: Caller, keyId: string, rows: BatchRow[]) {
    const template = await synthesis.designLayerlog(caller, keyId);
    let design: DesignDocument;
    try {
      design = parseDesign(template.layerdata || template.extends);
    } catch {
      throw new AppError(400, 'designInvalid');
    }
    if (!hasPlaceholderText(design)) throw new AppError(400, 'noPlaceholderTextLayer');
    // The sheet is admitted whole (docs/security.md#fair-shares): never half a batch.
    await synthesis.admit(caller, rows.length);
    const list = [];
    for (const row of rows) {
      const started = await synthesis.create(
        caller,
        {
          product_id: template.product_id,
          attr_id: template.attr_id,
          extends: serializeDesign(fillPlaceholders(design, row)),
          source_ids: '',
          is_online: 0,
        },
        // The row's 号码 and 姓名 in the names (docs/domain.md#excel-batch-design): twenty products of one sheet told apart;
        // the listing title in English (batchTitle).
        {
          nameSuffix: [row.number, row.name].filter((s) => s !== '').join(' '),
          admitted: true,
          exportName: (blank, materials) => batchTitle(row, blank.name_en, materials),
        },
      );
      list.push({ ...row, ...started });
    }
    return { list };
  }

  return { readSheet, start };
}
export type BatchDesignService = ReturnType<typeof createBatchDesignService>;
