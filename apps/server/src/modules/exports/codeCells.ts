import type { VariantBarcode } from '../barcodes/index.js';
import type { Cell } from './rows/context.js';

/**
 * The product-id cells of an export whose codes are claimed after its rows are built (docs/listing-tools.md#barcodes):
 * the file thread builds each variant's cells with a placeholder naming the variant, the job claims codes for the
 * products the rows accepted only, and the placeholders are then filled with them. A control character starts a
 * placeholder: no seller text or code holds one, and it is neither CJK nor a formula sign, so the row checks read
 * it as they read a code.
 */
const MARK = '\u0001';
const CODE = `${MARK}c`;
const TYPE = `${MARK}t`;

/** The columns a code and its type are written in (the flat file's, Walmart's). */
const CODE_FIELDS = new Set(['external_product_id', 'external_product_id_type', 'productId', 'productIdType']);

/** Stands in for the claimed codes while rows are built: every variant "holds" a placeholder. */
export const codePlaceholders = {
  get: (variantId: number) => ({ code: `${CODE}${variantId}`, type: `${TYPE}${variantId}` }) as unknown as VariantBarcode,
};

/** The columns of `fields` that may hold a placeholder. */
export const codeColumnsOf = (fields: string[]) => fields.flatMap((f, i) => (CODE_FIELDS.has(f) ? [i] : []));

/** Puts each variant's claimed code (and type) where its placeholder is; a variant without one is left empty. */
export function fillCodes(rows: Cell[][], columns: number[], codes: ReadonlyMap<number, VariantBarcode>) {
  for (const row of rows) {
    for (const i of columns) {
      const cell = row[i];
      if (typeof cell !== 'string' || !cell.startsWith(MARK)) continue;
      const code = codes.get(Number(cell.slice(2)));
      row[i] = code ? (cell.startsWith(CODE) ? code.code : code.type) : '';
    }
  }
}
