import { JobFailure } from '../../jobs/queue.js';
import { AppError } from '../../http/errors.js';
import type { BarcodeAllocation, VariantBarcode } from '../barcodes/index.js';
import type { ExportParams } from './params.js';
import type { ExportProducts, ProductPage } from './products.js';

/**
 * An export's barcodes (docs/listing-tools.md#barcodes): the files with a product id column (the flat file,
 * Walmart) take a code per variant from the shop's maker; the simplified files take none. The call checks
 * the maker has enough codes; the job claims each page's once its rows are built, for the products they
 * accepted; the preview shows the codes variants already hold, claiming none.
 */
export function exportBarcodes(
  allocation: Pick<BarcodeAllocation, 'codesFor' | 'checkEnough' | 'held'> | undefined,
  products: Pick<ExportProducts, 'variantCount'>,
) {
  const writesCodes = (p: Pick<ExportParams, 'layout'>) => allocation !== undefined && p.layout !== 'simple';
  // Only composed products take codes: one still composing (or failed) is refused by the rows, and a code it
  // took would be used up for nothing (docs/listing-tools.md#barcodes). A combination is refused while any child is.
  // Of those, only the products the rows accepted: one refused (a banned word, a text too long) takes none either.
  const variantsOf = (page: ProductPage, acceptedIds: number[]) => {
    const accepted = new Set(acceptedIds);
    const waiting = new Set(page.products.filter((p) => p.status !== 'ready' && p.combined_into !== null).map((p) => p.combined_into));
    const ready = page.products.filter(
      (p) => p.status === 'ready' && accepted.has(p.id) && !(p.combined_into !== null && waiting.has(p.combined_into)),
    );
    const productKey = new Map(ready.map((p) => [p.id, p.key_id]));
    return page.sizes
      .filter((s) => productKey.has(s.finished_id))
      .map((s) => ({ variantId: s.id, finishedId: s.finished_id, keyId: s.key_id ?? productKey.get(s.finished_id) ?? '' }));
  };

  return {
    async checkEnough(p: ExportParams, shopId: number) {
      if (!writesCodes(p)) return;
      const ids = p.members ?? p.ids;
      await allocation!.checkEnough(shopId, ids, await products.variantCount(ids));
    },

    /** Whether the export's file writes codes. */
    writes: writesCodes,

    /**
     * The codes of the page's products the rows accepted, claimed; a shortage met here (another export took the
     * codes since the call) fails the export with its message.
     */
    async forPage(p: ExportParams, shopId: number, page: ProductPage, acceptedIds: number[]): Promise<[number, VariantBarcode][]> {
      if (!writesCodes(p)) return [];
      try {
        return [...(await allocation!.codesFor(shopId, variantsOf(page, acceptedIds)))];
      } catch (e) {
        if (e instanceof AppError && e.status === 409) throw new JobFailure(e.key, undefined, e.params);
        throw e;
      }
    },

    async held(p: ExportParams, shopId: number, page: ProductPage): Promise<Map<number, VariantBarcode>> {
      if (!writesCodes(p)) return new Map();
      return allocation!.held(
        shopId,
        page.sizes.map((s) => s.id),
      );
    },
  };
}
