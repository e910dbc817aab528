import { message, type ExportPreflight, type Lang } from '@app/contract';
import type { ParsePool } from '../../parsing/pool.js';
import { workerModule } from '../../parsing/pool.js';
import type { VariantBarcode } from '../barcodes/index.js';
import type { ExportParams, FreshImage } from './params.js';
import type { ExportProducts, ProductPage } from './products.js';
import { createRowContext, type RowContextInputs } from './rowContext.js';
import { fileWarnings, headerOf, productsOf, rowsOf, type Cell } from './rows.js';

/** Products read per page: one batch of queries each, memory holds one page. */
export const PREFLIGHT_PAGE = 500;

/** The cell that holds a row's title in each layout (the flat file's parent row holds the family's). */
const TITLE_FIELDS = ['item_name', 'productName', 'export_name'];

/** One page of a pre-flight, as the parsing thread builds it (preflightWorker.ts). */
export interface PreflightPageTask {
  inputs: RowContextInputs;
  page: ProductPage;
  ids: number[];
  /** The codes the page's variants already hold (nothing is claimed). */
  held: Map<number, VariantBarcode>;
  lang: Lang;
}

/** What one page of products says: built with the job's own rowsOf and row context, so it is what the file will do. */
export function preflightPage(task: PreflightPageTask): ExportPreflight {
  const { fields } = headerOf(task.inputs.params);
  const titleAt = fields.findIndex((f) => TITLE_FIELDS.includes(f));
  // Names only, never recorded: `seen` is cleared per product and `fresh` emptied, as the file thread does.
  const seen = new Set<string>();
  const fresh: FreshImage[] = [];
  const ctx = createRowContext(task.inputs, seen, fresh);
  ctx.barcodes = task.held;
  const out: ExportPreflight = { ok_ids: [], refused: [], titles: [], warnings: [] };
  for (const product of productsOf(task.page, task.ids)) {
    const built = rowsOf(product, ctx, fields);
    seen.clear();
    fresh.length = 0;
    const say = (rs: typeof built.reasons) => rs.map((r) => message(r.key, task.lang, r.params));
    if (built.reasons.length) {
      out.refused.push({ id: built.finishedId, key_id: built.keyId, reasons: say(built.reasons) });
      continue;
    }
    out.ok_ids.push(built.finishedId);
    const title: Cell | undefined = titleAt >= 0 ? built.rows[0]?.[titleAt] : undefined;
    out.titles.push({ id: built.finishedId, key_id: built.keyId, title: title === undefined ? '' : String(title) });
    if (built.warnings.length) out.warnings.push({ id: built.finishedId, key_id: built.keyId, warnings: say(built.warnings) });
  }
  return out;
}

const worker = workerModule(import.meta.url, 'preflightWorker');

/**
 * The export's pre-flight (docs/export-dialog.md#pre-flight): every product of the selection built as the job
 * builds it. The pages are read here and built on the parsing pool's thread (parsing/pool.ts), one task a page,
 * so a large pre-flight never holds the API's event loop; not on an export's file thread, which builds one
 * export at a time and a pre-flight would wait for it. Nothing is claimed (the codes shown are those variants
 * already hold) and no image is published.
 */
export async function preflightOf(
  deps: {
    products: Pick<ExportProducts, 'page'>;
    held: (page: ProductPage) => Promise<Map<number, VariantBarcode>>;
    parsing: Pick<ParsePool, 'run'>;
    pageSize?: number | undefined;
  },
  params: ExportParams,
  inputs: RowContextInputs,
  lang: Lang,
): Promise<ExportPreflight> {
  const out: ExportPreflight = { ok_ids: [], refused: [], titles: [], warnings: [] };
  const add = (part: ExportPreflight) => {
    out.ok_ids.push(...part.ok_ids);
    out.refused.push(...part.refused);
    out.titles.push(...part.titles);
    out.warnings.push(...part.warnings);
  };
  // What holds for the whole file comes first, under no product (id 0).
  const p = inputs.params;
  const forFile = fileWarnings(
    { layout: p.layout, stock: p.stock ?? { quantity: p.template.quantity, handlingDays: null } },
    headerOf(p).fields,
  );
  if (forFile.length) out.warnings.push({ id: 0, key_id: '', warnings: forFile.map((r) => message(r.key, lang, r.params)) });
  const perPage = deps.pageSize ?? PREFLIGHT_PAGE;
  /** The page being built while the next is read. */
  let building: Promise<ExportPreflight> | undefined;
  for (let at = 0; at < params.ids.length; at += perPage) {
    const ids = params.ids.slice(at, at + perPage);
    const page = await deps.products.page(ids);
    const task: PreflightPageTask = { inputs, page, ids, held: await deps.held(page), lang };
    const next = deps.parsing.run<ExportPreflight>(worker, 'checkPage', task);
    // Awaited below; a failure of the page before it must not leave this one's unhandled.
    next.catch(() => undefined);
    if (building) add(await building);
    building = next;
  }
  if (building) add(await building);
  return out;
}
