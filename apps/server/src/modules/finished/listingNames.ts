import { hasCjk, listingColour, listingSize, type ListingNames, type ParsedBodyOf, type routes } from '@app/contract';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { FinishedRepo } from './repo.js';

/**
 * The listing names of a finished product (docs/finished.md#listing-names): the English name and colour family of each
 * colour and the English name of each size, as exports and publishes send them. The product keeps copies of the
 * catalogue's (made with it); the seller renames them per product here. Another account's product answers like a
 * missing one (404).
 */
export function createListingNames(deps: {
  repo: Pick<FinishedRepo, 'inScope' | 'listingNamesOf' | 'setListingNames'>;
  now: () => number;
}) {
  const { repo } = deps;

  async function productOf(caller: Caller, id: number) {
    const row = await repo.inScope(caller.scope, { id });
    if (!row) throw new AppError(404, 'listingNamesNotFound', { id });
    return row;
  }

  async function answer(row: { id: number; key_id: string }): Promise<ListingNames> {
    const { colours, sizes } = await repo.listingNamesOf(row.id);
    const bySize = new Map<string, string>();
    // Stored names first; a row made before listing names had none (the built-in derivation fills it, as it goes out).
    for (const s of sizes) if (!bySize.has(s.size) || (!bySize.get(s.size) && s.size_en)) bySize.set(s.size, s.size_en);
    return {
      id: row.id,
      key_id: row.key_id,
      colors: colours.map((c) => ({
        color: c.color,
        color_code: c.color_code,
        ...listingColour({ color: c.color, code: c.color_code, en: c.color_en, family: c.color_family }),
      })),
      sizes: [...bySize].map(([size, en]) => ({ size, en: listingSize(size, en) })),
    };
  }

  return {
    get: async (caller: Caller, id: number) => answer(await productOf(caller, id)),

    async set(caller: Caller, body: ParsedBodyOf<typeof routes.finishedSetListingNames>): Promise<ListingNames> {
      const row = await productOf(caller, body.id);
      if (row.child_count > 0) throw new AppError(400, 'listingNamesCombination');
      const { colours, sizes } = await repo.listingNamesOf(row.id);
      const ownColours = new Set(colours.map((c) => c.color));
      const ownSizes = new Set(sizes.map((s) => s.size));
      const twice = (names: string[]) => names.find((n, i) => names.indexOf(n) !== i);
      const colourTwice = twice(body.colors.map((c) => c.color));
      if (colourTwice !== undefined) throw new AppError(400, 'listingNameTwice', { name: colourTwice });
      const sizeTwice = twice(body.sizes.map((s) => s.size));
      if (sizeTwice !== undefined) throw new AppError(400, 'listingNameTwice', { name: sizeTwice });
      for (const c of body.colors) {
        if (!ownColours.has(c.color)) throw new AppError(400, 'listingNamesUnknownColor', { key_id: row.key_id, color: c.color });
        if (hasCjk(c.en)) throw new AppError(400, 'listingNameNotEnglish', { name: c.color, text: c.en });
      }
      for (const s of body.sizes) {
        if (!ownSizes.has(s.size)) throw new AppError(400, 'listingNamesUnknownSize', { key_id: row.key_id, size: s.size });
        if (hasCjk(s.en)) throw new AppError(400, 'listingNameNotEnglish', { name: s.size, text: s.en });
      }
      await repo.setListingNames(row.id, body.colors, body.sizes, deps.now());
      return answer(row);
    },
  };
}
