import type { CatalogueRepo } from '../catalogue/index.js';
import type { FinishedRepo } from '../finished/index.js';

/**
 * What an export reads of the products it writes: the finished module answers for the products, their
 * colours and sizes, the catalogue for each size's blank price (docs/domain.md#table-owners). A page is
 * read in one batch from each, never product by product.
 */
export function exportProducts(
  finished: Pick<FinishedRepo, 'productsInScope' | 'childIdsOf' | 'variantCount' | 'exportPage'>,
  blanks: Pick<CatalogueRepo, 'skuPricing'>,
) {
  return {
    productsInScope: finished.productsInScope,
    childIdsOf: finished.childIdsOf,
    /** How many variants (sizes of colours) these products have: one Walmart item each. */
    variantCount: finished.variantCount,

    /** One page of products with their colours and sizes (and each size's blank price and category path), for the rows. */
    async page(ids: number[]) {
      const { products, colours, sizes } = await finished.exportPage(ids);
      const blank = await blanks.skuPricing(sizes.map((s) => s.sku_id));
      return {
        products,
        colours,
        sizes: sizes.map((s) => ({
          ...s,
          blank_price: blank.get(s.sku_id)?.price ?? null,
          category_ids: blank.get(s.sku_id)?.categoryIds ?? [],
        })),
      };
    },
  };
}
export type ExportProducts = ReturnType<typeof exportProducts>;
export type ProductPage = Awaited<ReturnType<ExportProducts['page']>>;
