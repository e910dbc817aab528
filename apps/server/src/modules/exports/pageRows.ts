import type { VariantBarcode } from '../barcodes/index.js';
import { codeColumnsOf, codePlaceholders, fillCodes } from './codeCells.js';
import type { FreshImage, WrittenImage } from './params.js';
import type { ProductPage } from './products.js';
import type { StoredError } from './records.js';
import { createRowContext, type RowContextInputs } from './rowContext.js';
import { headerOf, productsOf, rowsOf, type Cell } from './rows.js';

/** What a page's rows came to, for the job (job.ts). */
export interface BuiltPage {
  errors: StoredError[];
  /** Products written with warnings (a Txt field a spreadsheet would read as a formula). */
  warnings: StoredError[];
  /** Images this page named for the first time, each with the product whose rows name it. */
  written: WrittenImage[];
  /** The products whose rows were accepted (a combination's children): the only ones that take codes, and the shops they are listed in are recorded. */
  exportedIds: number[];
  /** Families written (a combination is one). */
  entries: number;
}

/**
 * An export's pages turned into rows on its file thread (docs/exports.md#the-job): the banned-word screen,
 * prices, SKUs, image names, and with codes to write, placeholders the page's claimed codes replace.
 */
export function createPageRows(inputs: RowContextInputs, codes: boolean) {
  // Names seen in this product only (memory stays flat): a name met again in another product is recorded
  // again, as that product's use of it (docs/security.md#public-image-copies); the copy itself once.
  const seen = new Set<string>();
  const fresh: FreshImage[] = [];
  const ctx = createRowContext(inputs, seen, fresh);
  if (codes) ctx.barcodes = codePlaceholders;
  const { fields } = headerOf(inputs.params);
  const codeColumns = codeColumnsOf(fields);

  return {
    /** A page's rows, and what they came to. */
    build(page: ProductPage, ids: number[]) {
      const result: BuiltPage = { errors: [], warnings: [], written: [], exportedIds: [], entries: 0 };
      const rows: Cell[][] = [];
      for (const product of productsOf(page, ids)) {
        const built = rowsOf(product, ctx, fields);
        seen.clear();
        // Only what the file writes is published: a refused product's images are not.
        const images = fresh.splice(0);
        if (built.reasons.length) result.errors.push({ finished_id: built.finishedId, key_id: built.keyId, reasons: built.reasons });
        else {
          for (const img of images) result.written.push({ ...img, finishedId: img.owner ?? built.finishedId });
          result.exportedIds.push(...built.members);
          result.entries++;
          if (built.warnings.length) result.warnings.push({ finished_id: built.finishedId, key_id: built.keyId, reasons: built.warnings });
          for (const r of built.rows) rows.push(r);
        }
      }
      return { result, rows };
    },
    /** Puts a page's claimed codes in its product-id cells (codeCells.ts). */
    fillCodes(rows: Cell[][], claimed: [number, VariantBarcode][]) {
      fillCodes(rows, codeColumns, new Map(claimed));
    },
  };
}
