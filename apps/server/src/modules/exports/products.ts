import type { CatalogueRepo } from '../catalogue/index.js';
import type { FinishedRepo } from '../finished/index.js';

/**
 * What an export reads of the products it writes: the finished module answers for the products, their
 * colours and sizes, the catalogue for each size's blank price (docs/domain.md#table-owners). A page is
 * read in one batch from each, never product by product.
 */
export function exportProducts(
  finished: Pick<FinishedRepo, 'productsInScope' | 'childIdsOf' | 'variantCount' | 'exportPage'>,
  blanks: Pick<CatalogueRepo, 'skuPricing' | 'blanksById'>,
) {
  return {
    productsInScope: finished.productsInScope,
    childIdsOf: finished.childIdsOf,
    /** How many variants (sizes of colours) these products have: one Walmart item each. */
    variantCount: finished.variantCount,

    /** One page of products with their colours and sizes (and each size's blank price and category path), for the rows. */
    async page(ids: number[]) {
      const { products, colours, sizes } = await finished.exportPage(ids);
      const [blank, blanksById] = await Promise.all([
        blanks.skuPricing(sizes.map((s) => s.sku_id)),
        blanks.blanksById(products.map((p) => p.product_id)),
      ]);
      return {
        // The blank's English name: the default listing title (docs/finished.md#listing-names).
        products: products.map((p) => ({ ...p, blank_name_en: blanksById.get(p.product_id)?.name_en ?? '' })),
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
