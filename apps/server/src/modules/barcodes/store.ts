import { BARCODE_LENGTH, BARCODE_REPORT_MAX, BARCODE_TYPES, gtinKey, type BarcodeType } from '@app/contract';
import { isUniqueViolation } from '../../db/text.js';
import { AppError } from '../../http/errors.js';
import type { LineRefusal } from './lines.js';
import type { BarcodeRepo } from './repo.js';

const TYPE_OF = new Map<number, BarcodeType>(BARCODE_TYPES.map((t) => [BARCODE_LENGTH[t], t]));

/**
 * Stores checked codes into a maker, in one transaction (batched inserts): a code the family already holds
 * in any maker is refused naming that maker, the rest stored free. Two imports of the same codes at once:
 * the unique index stops the second, which runs again and finds them held.
 */
export async function storeCodes(
  repo: Pick<BarcodeRepo, 'inTransaction'>,
  input: { ownerId: number; makerId: number; family: readonly number[]; lines: number[]; codes: string[] },
): Promise<{ added: number; refused: LineRefusal[]; refusedCount: number }> {
  const gtins = input.codes.map(gtinKey);
  for (let attempt = 1; ; attempt++) {
    try {
      return await repo.inTransaction(async (r) => {
        // Read again here: the maker may have been deleted while the lines were read (service.ts checked it
        // before); its codes would be left without it, holding their numbers against any later import.
        if (!(await r.makerStillThere(input.makerId))) throw new AppError(404, 'barcodeMakerNotFound');
        const held = await r.existing(input.family, gtins);
        const refused: LineRefusal[] = [];
        let refusedCount = 0;
        const rows = [];
        for (let i = 0; i < gtins.length; i++) {
          const maker = held.get(gtins[i]!);
          if (maker !== undefined) {
            refusedCount++;
            if (refused.length < BARCODE_REPORT_MAX)
              refused.push({ line: input.lines[i]!, text: input.codes[i]!, key: 'barcodeLineExists', params: { maker } });
            continue;
          }
          const code = input.codes[i]!;
          rows.push({ owner_id: input.ownerId, maker_id: input.makerId, code, gtin: gtins[i]!, type: TYPE_OF.get(code.length)! });
        }
        await r.insertCodes(rows);
        return { added: rows.length, refused, refusedCount };
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // Still taken after running again: another import of the same codes keeps winning; the seller tries later.
      if (attempt >= 3) throw new AppError(409, 'barcodeImportBusy');
    }
  }
}
