import type { CatalogueRepo } from '../catalogue/index.js';
import type { FinishedRepo } from '../finished/index.js';

/**
 * What the variant info reads (docs/variants.md): the finished module answers for the products asked for
 * with the childs of the combinations among them (one query) and every variant of those with its colour
 * (one query); the catalogue for each variant's blank price and each blank's English name and image (one query each)
 * (docs/domain.md#table-owners).
 */
export function variantProducts(
  finished: Pick<FinishedRepo, 'withCombinationChilds' | 'variantsForListing'>,
  blanks: Pick<CatalogueRepo, 'skuPricing' | 'blanksById'>,
  /** The URL of a catalogue image (its blob key): the storage's. */
  blankImageUrl: (key: string) => string,
) {
  return {
    /** The scope's finished rows among `ids`, and the childs of the combinations among them. */
    rowsWithChilds: finished.withCombinationChilds,

    /** Each blank's English name (the default listing title) and the URL of its catalogue image, by product id. */
    async blanksOf(productIds: number[]): Promise<Map<number, { nameEn: string; imageUrl: string }>> {
      const found = await blanks.blanksById(productIds);
      return new Map([...found].map(([id, b]) => [id, { nameEn: b.name_en, imageUrl: b.thumb ? blankImageUrl(b.thumb) : '' }]));
    },

    /** The size variants of these products with their colours, blank prices and categories, in the order the screens show them. */
    async variantsOf(finishedIds: number[]) {
      const variants = await finished.variantsForListing(finishedIds);
      const blank = await blanks.skuPricing(variants.map((v) => v.sku_id));
      return variants.map((v) => ({
        ...v,
        blank_price: blank.get(v.sku_id)?.price ?? null,
        category_ids: blank.get(v.sku_id)?.categoryIds ?? [],
      }));
    },
  };
}
export type VariantProducts = ReturnType<typeof variantProducts>;
export type VariantRow = Awaited<ReturnType<VariantProducts['variantsOf']>>[number];
