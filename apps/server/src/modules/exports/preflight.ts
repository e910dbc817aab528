import { message, type ExportPreflight, type Lang } from '@app/contract';
import type { VariantBarcode } from '../barcodes/index.js';
import type { ExportParams, FreshImage } from './params.js';
import type { ExportProducts, ProductPage } from './products.js';
import { createRowContext, type RowContextInputs } from './rowContext.js';
import { fileWarnings, headerOf, productsOf, rowsOf, type Cell } from './rows.js';

/** Products read per page: one batch of queries each, memory holds one page. */
export const PREFLIGHT_PAGE = 500;
/** Products built between two turns of the event loop: a slice stays well under a few milliseconds. */
const SLICE = 25;
const breathe = () => new Promise<void>((r) => setImmediate(r));

/** The cell that holds a row's title in each layout (the flat file's parent row holds the family's). */
const TITLE_FIELDS = ['item_name', 'productName', 'export_name'];

/**
 * The export's pre-flight (docs/export-dialog.md#pre-flight): every product of the selection built with the
 * job's own rowsOf and row context, so what it says is what the file will do. Built on the API's thread,
 * in pages of PREFLIGHT_PAGE and slices of SLICE products with a turn of the event loop between, rather
 * than on the file thread: that thread writes one export's file at a time and a pre-flight would wait for
 * it. Nothing is claimed (the codes shown are those variants already hold) and no image is published.
 */
export async function preflightOf(
  deps: {
    products: Pick<ExportProducts, 'page'>;
    held: (page: ProductPage) => Promise<Map<number, VariantBarcode>>;
    pageSize?: number | undefined;
  },
  params: ExportParams,
  inputs: RowContextInputs,
  lang: Lang,
): Promise<ExportPreflight> {
  const { fields } = headerOf(params);
  const titleAt = fields.findIndex((f) => TITLE_FIELDS.includes(f));
  // Names only, never recorded: `seen` is cleared per product and `fresh` emptied, as the file thread does.
  const seen = new Set<string>();
  const fresh: FreshImage[] = [];
  const ctx = createRowContext(inputs, seen, fresh);
  const out: ExportPreflight = { ok_ids: [], refused: [], titles: [], warnings: [] };
  // What holds for the whole file comes first, under no product (id 0).
  const forFile = fileWarnings(ctx, fields);
  if (forFile.length) out.warnings.push({ id: 0, key_id: '', warnings: forFile.map((r) => message(r.key, lang, r.params)) });
  const perPage = deps.pageSize ?? PREFLIGHT_PAGE;
  for (let at = 0; at < params.ids.length; at += perPage) {
    const ids = params.ids.slice(at, at + perPage);
    const page = await deps.products.page(ids);
    ctx.barcodes = await deps.held(page);
    let n = 0;
    for (const product of productsOf(page, ids)) {
      if (++n % SLICE === 0) await breathe();
      const built = rowsOf(product, ctx, fields);
      seen.clear();
      fresh.length = 0;
      const say = (rs: typeof built.reasons) => rs.map((r) => message(r.key, lang, r.params));
      if (built.reasons.length) {
        out.refused.push({ id: built.finishedId, key_id: built.keyId, reasons: say(built.reasons) });
        continue;
      }
      out.ok_ids.push(built.finishedId);
      const title: Cell | undefined = titleAt >= 0 ? built.rows[0]?.[titleAt] : undefined;
      out.titles.push({ id: built.finishedId, key_id: built.keyId, title: title === undefined ? '' : String(title) });
      if (built.warnings.length) out.warnings.push({ id: built.finishedId, key_id: built.keyId, warnings: say(built.warnings) });
    }
    await breathe();
  }
  return out;
}
