import {
  BARCODE_PREFIX_MIN,
  generatedCode,
  gtinKey,
  itemReferenceDigits,
  type GeneratedType,
  type ParsedBodyOf,
  type routes,
} from '@app/contract';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { BarcodeRepo } from './repo.js';

type Maker = NonNullable<Awaited<ReturnType<BarcodeRepo['makerInScope']>>>;

/** How many item references a generator's prefix holds (0 to 10^digits − 1). */
export const capacityOf = (prefix: string, type: GeneratedType) => 10 ** itemReferenceDigits(prefix, type);

/**
 * createBarcode (docs/listing-tools.md#barcodes): N codes from a GS1 company prefix and running item
 * references, check digits computed (cdigit). A reference whose code the family already holds (imported
 * before) is passed over and counted; the prefix's capacity exhausted refuses the call, saying how many fit.
 */
export function createGenerator(deps: {
  repo: BarcodeRepo;
  now: () => number;
  makerInScope: (caller: Caller, id: number) => Promise<Maker>;
  newMaker: (caller: Caller, kind: 'generator', name: string | undefined, extra: { prefix: string; code_type: string }) => Promise<number>;
  familyOf: (caller: Caller) => readonly number[];
}) {
  const { repo } = deps;

  async function generate(caller: Caller, body: ParsedBodyOf<typeof routes.barcodeCreate>) {
    let maker: Pick<Maker, 'id' | 'owner_id' | 'prefix' | 'code_type' | 'next_ref'> | undefined;
    if (body.maker_id !== undefined) {
      const m = await deps.makerInScope(caller, body.maker_id);
      if (m.kind !== 'generator') throw new AppError(400, 'barcodeMakerNotGenerator', { name: m.name });
      maker = m;
    }
    const prefix = maker?.prefix ?? (body.prefix ?? '').trim();
    const type = (maker?.code_type ?? body.code_type) as GeneratedType | undefined;
    if (!maker && (!body.name?.trim() || !prefix || !type)) throw new AppError(400, 'barcodeGenerateFields');
    const maxPrefix = (type === 'UPC' ? 12 : 13) - 2;
    if (!/^\d+$/.test(prefix) || prefix.length < BARCODE_PREFIX_MIN || prefix.length > maxPrefix)
      throw new AppError(400, 'barcodePrefixInvalid', { min: BARCODE_PREFIX_MIN, max: maxPrefix });
    const next = maker?.next_ref ?? 0;
    const start = body.start ?? next;
    if (start < next) throw new AppError(400, 'barcodeStartBelowNext', { next });
    const capacity = capacityOf(prefix, type!);
    if (start + body.count > capacity)
      throw new AppError(409, 'barcodePrefixFull', { prefix, left: Math.max(0, capacity - start), count: body.count });

    const makerId = maker?.id ?? (await deps.newMaker(caller, 'generator', body.name, { prefix, code_type: type! }));
    const ownerId = maker?.owner_id ?? caller.id;
    const codes: string[] = [];
    for (let ref = start; ref < start + body.count; ref++) codes.push(generatedCode(prefix, type!, ref));
    const gtins = codes.map(gtinKey);
    return repo.inTransaction(async (r) => {
      const held = await r.existing(deps.familyOf(caller), gtins);
      const rows = [];
      for (let i = 0; i < codes.length; i++)
        if (!held.has(gtins[i]!)) rows.push({ owner_id: ownerId, maker_id: makerId, code: codes[i]!, gtin: gtins[i]!, type: type! });
      await r.insertCodes(rows);
      await r.setNextRef(makerId, start + body.count);
      return { maker_id: makerId, added: rows.length, skipped: codes.length - rows.length, next_ref: start + body.count };
    });
  }

  return { generate };
}
