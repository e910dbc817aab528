import {
  stockFor,
  DEFAULT_EXPORT_CALL_TYPE,
  EXPORT_MAX_PRODUCTS,
  WALMART_MAX_ITEMS,
  siteCurrency,
  type ExportKind,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type routes,
  type TemplateKind,
} from '@app/contract';
import type { ImageDomainConfig } from '../../config.js';
import type { Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { PriceTemplateService } from '../priceTemplates/index.js';
import type { createShopRepo } from '../shops/index.js';
import type { TemplateService } from '../templates/index.js';
import type { TitleService } from '../titles/index.js';
import type { ExportParams } from './params.js';
import type { ExportProducts } from './products.js';
import type { Layout } from './rows.js';

type ShopRepo = ReturnType<typeof createShopRepo>;

/** The query of the three export calls (and the preview's request), as their routes parse it. */
export type ExportRequest =
  | ParsedQueryOf<typeof routes.finishedExports>
  | ParsedQueryOf<typeof routes.finishedAmazonExports>
  | ParsedBodyOf<typeof routes.finishedFirstPreview>['exportProducts']
  | ParsedBodyOf<typeof routes.finishedExportPreflight>['exportProducts'];

/** A shop's stock setting as the files carry it (docs/publishing.md#stock). */
const stockOfShop = (shop: { platform: number; stock_mode: string; stock_quantity: number; handling_days: number }) =>
  stockFor(shop.platform, {
    stock_mode: shop.stock_mode === 'made_to_order' ? 'made_to_order' : 'quantity',
    stock_quantity: shop.stock_quantity,
    handling_days: shop.handling_days,
  });

/** What the checks ask: each answer is its own module's. */
export interface ExportCheckDeps {
  products: Pick<ExportProducts, 'productsInScope' | 'childIdsOf' | 'variantCount'>;
  /** The shop an export writes for (the shops module's). */
  shops: Pick<ShopRepo, 'inScope'>;
  templates: Pick<TemplateService, 'rowForExport'>;
  priceTemplates: Pick<PriceTemplateService, 'forPricing'>;
  /** The title templates and keyword sets an export may choose (docs/listing-tools.md#titles). */
  titles?: Pick<TitleService, 'settingsFor'> | undefined;
  imageDomains: ImageDomainConfig[];
  /** The current version of one of the scope's watermarks, or undefined (the watermarks module's). */
  watermarkVersion: (scope: Scope, id: number) => Promise<number | undefined>;
}

/**
 * The checks of an export call (docs/exports.md, docs/export-dialog.md): the products in the caller's scope
 * (combinations expanded) within the limits, the shop, the template of the kind the shop and format call for,
 * the pricing template, the image domain and the watermark. What passes is the params the export's job runs
 * with (the export itself, service.ts) or its first row is previewed with.
 */
export function createExportChecks(deps: ExportCheckDeps) {
  /** Every check of an export call; the params its job runs with (`onlyFirst`: the preview's first product). */
  return async function prepare(
    caller: Caller,
    kind: ExportKind,
    q: ExportRequest,
    onlyFirst: boolean,
  ): Promise<ExportParams & { shopName: string }> {
    const format = kind === 'exports' && 'format' in q ? q.format : kind === 'amazon' ? 3 : 0;
    let layout: Layout;
    let templateKind: TemplateKind;
    if (kind === 'walmart') [layout, templateKind] = ['walmart', 'walmart'];
    else if (format === 3) [layout, templateKind] = ['amazon', 'amazon'];
    else if (format === 6 || format === 9) [layout, templateKind] = ['simple', 'simple'];
    else throw new AppError(400, 'exportFormat');

    const asked = [...new Set(q.ids.split(',').map(Number))];
    // Checked early (before any query) and again once combinations are expanded.
    if (asked.length > EXPORT_MAX_PRODUCTS)
      throw new AppError(400, 'exportTooManyProducts', { max: EXPORT_MAX_PRODUCTS, count: asked.length });
    // The preview's first product is the file's first family: a product named first but inside a combination
    // chosen later is previewed as that combination, as the file writes it.
    const wanted = asked;
    const found = await deps.products.productsInScope(caller.scope, wanted);
    const byId = new Map(found.map((r) => [r.id, r.child_count]));
    const missing = wanted.find((id) => !byId.has(id));
    if (missing !== undefined) throw new AppError(404, 'exportProductNotFound', { id: missing });
    // A combination is one family listing its childs' variants (docs/exports.md#combinations), as a publish lists it.
    const combos = wanted.filter((id) => byId.get(id)! > 0);
    const childs = combos.length ? await deps.products.childIdsOf(combos) : [];
    // A product named alone and inside a chosen combination is written once, in its combination.
    const inCombo = new Set(childs.map((c) => c.id));
    const ids = wanted.filter((id) => !inCombo.has(id)).slice(0, onlyFirst ? 1 : undefined);
    const members = ids.flatMap((id) => (byId.get(id)! > 0 ? childs.filter((c) => c.combo === id).map((c) => c.id) : [id]));
    if (members.length > EXPORT_MAX_PRODUCTS)
      throw new AppError(400, 'exportTooManyProducts', { max: EXPORT_MAX_PRODUCTS, count: members.length });

    if (kind === 'walmart') {
      const items = await deps.products.variantCount(members);
      if (items > WALMART_MAX_ITEMS) throw new AppError(400, 'exportWalmartTooManyItems', { max: WALMART_MAX_ITEMS, count: items });
    }

    const shopId = q.store_id;
    const shop = await deps.shops.inScope(caller.scope, shopId);
    if (!shop) throw new AppError(404, 'exportStoreNotFound');
    let template = await deps.templates.rowForExport(caller.scope, templateKind, q.template_id, shopId);
    if (template === 'kind' && format === 9) {
      // Txt with a large-marketplace template: the flat file as the marketplace's own tab-delimited text
      // (docs/exports.md#what-the-files-hold).
      const flat = await deps.templates.rowForExport(caller.scope, 'amazon', q.template_id, shopId);
      if (flat !== 'kind') [template, layout] = [flat, 'amazon'];
    }
    if (template === 'missing') throw new AppError(404, 'exportTemplateNotFound');
    if (template === 'kind') throw new AppError(400, 'exportTemplateWrongKind', { kind: templateKind });
    if (template === 'store') throw new AppError(400, 'exportTemplateWrongStore');
    // Template 0 lists in the currency of the template's marketplace site (USD without one).
    const market = { platform: shop.platform, currency: siteCurrency(template.site) };
    const pricing = await deps.priceTemplates.forPricing(caller, q.price_template_id, market);
    const domainId = q.domain_id;
    if (!deps.imageDomains.some((d) => d.id === domainId)) throw new AppError(400, 'exportDomainUnknown', { id: domainId });
    const watermarkId = q.watermark_id;
    let watermark: ExportParams['watermark'] = { id: 0, version: 0, rule: 'none' };
    if (watermarkId > 0) {
      const version = await deps.watermarkVersion(caller.scope, watermarkId);
      if (version === undefined) throw new AppError(404, 'exportWatermarkNotFound');
      watermark = { id: watermarkId, version, rule: q.main_watermark === 1 ? 'main' : 'all' };
    }
    const titles = deps.titles
      ? await deps.titles.settingsFor(caller, {
          titleTemplateId: q.title_template_id,
          keywordSetId: q.keyword_set_id,
          platform: shop.platform,
          shop: shop.name,
        })
      : null;
    return {
      caller,
      kind,
      layout,
      format,
      ids,
      members,
      template,
      pricing,
      domainId,
      watermark,
      platform: shop.platform,
      // docs/publishing.md#stock: the template's quantity when it sets one, else the shop's stock setting.
      stock: template.quantity > 0 ? { quantity: template.quantity, handlingDays: null } : stockOfShop(shop),
      // The marketplace calls take neither: their records keep the defaults.
      type: 'type' in q ? q.type : DEFAULT_EXPORT_CALL_TYPE,
      isBallUniform: 'is_ball_uniform' in q ? q.is_ball_uniform : 0,
      titles,
      shopName: shop.name,
    };
  };
}
