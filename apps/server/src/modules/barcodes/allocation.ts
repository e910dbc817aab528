import type { BarcodeType } from '@app/contract';
import { isBusy, isUniqueViolation } from '../../db/text.js';
import { AppError } from '../../http/errors.js';
import { ClaimRaced, type BarcodeClaims, type VariantToCode } from './claims.js';
import type { BarcodeRepo } from './repo.js';

/** A variant's code as a listing writes it. */
export interface VariantBarcode {
  code: string;
  type: BarcodeType;
}

/** Claims run again after losing a race (another claim took a code, or the same variant, first). */
const CLAIM_ATTEMPTS = 8;

/**
 * Codes for listings (docs/listing-tools.md#barcodes): an export or a publish asks for its variants' codes in
 * a shop. A variant that holds a code there keeps it; the others take the shop's maker's next free codes.
 * A maker short of codes (or disabled) stops the export or the publish, naming the maker and how many are
 * missing (409). A shop with no maker gives no new code.
 */
export function createBarcodeAllocation(deps: {
  claims: BarcodeClaims;
  repo: Pick<BarcodeRepo, 'makerById'>;
  /** The maker a shop draws from (the shops module's setting); 0: none. */
  makerOf: (shopId: number) => Promise<number>;
  now: () => number;
}) {
  const { claims } = deps;

  const refuse = (key: 'barcodeMakerShort' | 'barcodeMakerDisabled', maker: string, missing: number) =>
    new AppError(409, key, { maker, missing });

  /** The codes the variants hold in the shop, claiming the missing ones; a variant gets none when the shop has no maker. */
  async function codesFor(shopId: number, variants: VariantToCode[]): Promise<Map<number, VariantBarcode>> {
    const ids = variants.map((v) => v.variantId);
    for (let attempt = 1; ; attempt++) {
      const held = await claims.assigned(shopId, ids);
      const missing = variants.filter((v) => !held.has(v.variantId));
      if (missing.length === 0) return held;
      const makerId = await deps.makerOf(shopId);
      const maker = makerId ? await deps.repo.makerById(makerId) : undefined;
      if (!maker) return held;
      if (maker.status !== 1) throw refuse('barcodeMakerDisabled', maker.name, missing.length);
      try {
        const short = await claims.claim(maker.id, shopId, missing, deps.now());
        if (short > 0) throw refuse('barcodeMakerShort', maker.name, short);
      } catch (e) {
        const raced = e instanceof ClaimRaced || isUniqueViolation(e) || isBusy(e);
        if (!raced) throw e;
        // Lost every time to other claims of the maker: the seller tries again, never a database error.
        if (attempt >= CLAIM_ATTEMPTS) throw new AppError(409, 'barcodeClaimBusy', { maker: maker.name });
      }
    }
  }

  /**
   * Whether the shop's maker can give a code to every variant of these products that holds none in the shop
   * (the export call checks it before anything is queued); `variants` is how many they have in all.
   */
  async function checkEnough(shopId: number, finishedIds: number[], variants: number): Promise<void> {
    const makerId = await deps.makerOf(shopId);
    const maker = makerId ? await deps.repo.makerById(makerId) : undefined;
    if (!maker) return;
    const needed = variants - (await claims.assignedCount(shopId, finishedIds));
    if (needed <= 0) return;
    if (maker.status !== 1) throw refuse('barcodeMakerDisabled', maker.name, needed);
    const free = await claims.freeCount(maker.id);
    if (free < needed) throw refuse('barcodeMakerShort', maker.name, needed - free);
  }

  /** The codes these variants already hold in the shop, claiming nothing (the export's preview). */
  const held = (shopId: number, variantIds: number[]) => claims.assigned(shopId, variantIds);

  return { codesFor, checkEnough, held };
}
export type BarcodeAllocation = ReturnType<typeof createBarcodeAllocation>;
