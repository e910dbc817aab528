import { BARCODE_PREFIX_MIN, itemReferenceDigits, type GeneratedType, type ParsedBodyOf, type routes } from '@app/contract';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { BarcodeRepo } from './repo.js';

type Maker = NonNullable<Awaited<ReturnType<BarcodeRepo['makerInScope']>>>;
type Body = ParsedBodyOf<typeof routes.barcodeCreate>;
type Queries = Omit<BarcodeRepo, 'inTransaction'>;

/** How many item references a generator's prefix holds (0 to 10^digits − 1). */
export const capacityOf = (prefix: string, type: GeneratedType) => 10 ** itemReferenceDigits(prefix, type);

/** Times a generation runs again after another one moved its maker first, before it answers "busy". */
const ATTEMPTS = 5;

/** Another generation of the same maker committed between the read of its next reference and this one's update. */
class MakerMoved extends Error {}

/**
 * createBarcode (docs/listing-tools.md#barcodes): N codes from a GS1 company prefix and running item
 * references, check digits computed (cdigit). A reference whose code the family already holds (imported
 * before) is passed over and counted; the prefix's capacity exhausted refuses the call, saying how many fit.
 *
 * Two generations of one maker at once: the codes are built (on a parsing thread) from the next reference as
 * read, then one transaction moves the next reference only while it still is that one (compare-and-set),
 * creates a new generator, and stores the codes. The one that finds it moved builds again from the new next
 * reference (or, when its `start` was given and is now below it, is refused saying so); both end with
 * disjoint references, never a code twice and never a database error.
 */
export function createGenerator(deps: {
  repo: BarcodeRepo;
  now: () => number;
  makerInScope: (caller: Caller, id: number) => Promise<Maker>;
  checkName: (raw: string | undefined) => string;
  familyOf: (caller: Caller) => readonly number[];
  /** The codes and their GTIN-14 keys, built on a parsing thread (codesWorker.ts). */
  makeCodes: (task: { prefix: string; type: GeneratedType; start: number; count: number }) => Promise<{ codes: string[]; gtins: string[] }>;
}) {
  const { repo } = deps;

  /** What to generate, from the maker as it is now; every refusal a seller can act on. */
  async function plan(caller: Caller, body: Body) {
    let maker: Maker | undefined;
    if (body.maker_id !== undefined) {
      maker = await deps.makerInScope(caller, body.maker_id);
      if (maker.kind !== 'generator') throw new AppError(400, 'barcodeMakerNotGenerator', { name: maker.name });
    }
    const prefix = maker?.prefix ?? (body.prefix ?? '').trim();
    const type = (maker?.code_type ?? body.code_type) as GeneratedType | undefined;
    if (!maker && (!body.name?.trim() || !prefix || !type)) throw new AppError(400, 'barcodeGenerateFields');
    const maxPrefix = (type === 'UPC' ? 12 : 13) - 2;
    if (!/^\d+$/.test(prefix) || prefix.length < BARCODE_PREFIX_MIN || prefix.length > maxPrefix)
      throw new AppError(400, 'barcodePrefixInvalid', { min: BARCODE_PREFIX_MIN, max: maxPrefix });
    const name = maker ? maker.name : deps.checkName(body.name);
    const next = maker?.next_ref ?? 0;
    const start = body.start ?? next;
    if (start < next) throw new AppError(400, 'barcodeStartBelowNext', { next });
    const capacity = capacityOf(prefix, type!);
    if (start + body.count > capacity)
      throw new AppError(409, 'barcodePrefixFull', { prefix, left: Math.max(0, capacity - start), count: body.count });
    return { maker, name, prefix, type: type!, next, start, end: start + body.count };
  }

  async function generate(caller: Caller, body: Body) {
    for (let attempt = 1; ; attempt++) {
      const p = await plan(caller, body);
      const { codes, gtins } = await deps.makeCodes({ prefix: p.prefix, type: p.type, start: p.start, count: body.count });
      try {
        return await repo.inTransaction(async (r) => {
          let makerId: number;
          let ownerId: number;
          if (p.maker) {
            // Also the maker's check in this transaction: deleted meanwhile, it is not updated and the plan, made
            // again, answers it is gone; the update's row lock makes a deletion (which locks the row first) wait
            // for these codes and remove them with it (docs/listing-tools.md#barcodes).
            if (!(await r.advanceNextRef(p.maker.id, p.next, p.end))) throw new MakerMoved();
            makerId = p.maker.id;
            ownerId = p.maker.owner_id;
          } else {
            makerId = await insertGenerator(r, caller, p);
            ownerId = caller.id;
          }
          const held = await r.existing(deps.familyOf(caller), gtins);
          const rows = [];
          for (let i = 0; i < codes.length; i++)
            if (!held.has(gtins[i]!)) rows.push({ owner_id: ownerId, maker_id: makerId, code: codes[i]!, gtin: gtins[i]!, type: p.type });
          await r.insertCodes(rows);
          return { maker_id: makerId, added: rows.length, skipped: codes.length - rows.length, next_ref: p.end };
        });
      } catch (e) {
        // Moved by another generation, or a code another one stored meanwhile (same prefix in another
        // generator): run again, reading what they left.
        if (!(e instanceof MakerMoved) && !isUniqueViolation(e)) throw e;
        if (attempt >= ATTEMPTS) throw new AppError(409, 'barcodeGenerateBusy', { maker: p.name });
      }
    }
  }

  /** A new generator, in the generation's transaction: a name another call took meanwhile is refused by name. */
  async function insertGenerator(r: Queries, caller: Caller, p: Awaited<ReturnType<typeof plan>>) {
    const taken = () => new AppError(409, 'barcodeMakerNameTaken', { name: p.name });
    if (await r.nameTaken(caller.id, p.name)) throw taken();
    const maker = { owner_id: caller.id, name: p.name, kind: 'generator' as const, prefix: p.prefix, code_type: p.type, next_ref: p.end };
    try {
      return (await r.insertMaker({ ...maker, created_at: deps.now() })).id;
    } catch (e) {
      if (isUniqueViolation(e)) throw taken();
      throw e;
    }
  }

  return { generate };
}
