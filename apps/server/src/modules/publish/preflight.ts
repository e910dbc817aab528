import { z } from 'zod';
import {
  formatMoney,
  charCount,
  createTitleMaker,
  message,
  PUBLISH_MAX_PRODUCTS,
  stockFor,
  type StockSetting,
  publishGroup,
  type Lang,
  type MessageKey,
  type ParsedBodyOf,
  type PublishGroup,
  type PublishPlatform,
  type routes,
  type VariantInfo,
} from '@app/contract';
import type { Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { createBannedWordMatcher, type BannedWordsService } from '../bannedWords/index.js';
import type { FinishedRepo } from '../finished/index.js';
import { titleValuesOf, type TitleService } from '../titles/index.js';
import type { ShopRepo } from '../shops/index.js';
import type { MarketplaceAdapter, PreflightReason } from './adapters/types.js';
import { listingOf, MAX_MAIN, MAX_SKUS, screenListing, withImages, type PublishProduct } from './listing.js';
import { listingTextReasons } from './listingTexts.js';
import { productOf, productsOfListing } from './product.js';
import type { PublishRepo } from './repo.js';
import { nextTurn } from '../../eventLoop.js';

const PLATFORM_NAMES: Record<PublishPlatform, { zh: string; en: string }> = {
  2: { zh: '速卖通', en: 'AliExpress' },
  15: { zh: 'TikTok Shop', en: 'TikTok Shop' },
};
/** A shop's stock setting as its row holds it (docs/publishing.md#stock). */
const shopStock = (shop: { stock_mode: string; stock_quantity: number; handling_days: number }): StockSetting => ({
  stock_mode: shop.stock_mode === 'made_to_order' ? 'made_to_order' : 'quantity',
  stock_quantity: shop.stock_quantity,
  handling_days: shop.handling_days,
});

/** A body of the publish and pre-flight calls, as the contract parses it (each marketplace names its template). */
export type PublishBody = ParsedBodyOf<typeof routes.aliexpressPublish> | ParsedBodyOf<typeof routes.tiktokPublish>;

/** The marketplace templates as the publish reads them (the marketTemplates module's forPublish). */
export interface PublishTemplates {
  forPublish(who: Caller | Scope, platform: PublishPlatform, templateId: number): Promise<(object & { store_id: number }) | undefined>;
}
/** The variants module, as the publish reads it (infoFor, imagesFor). */
export interface PublishVariants {
  infoFor(caller: Caller, finishedIds: number[], opts: { pricingTemplateId?: number; platform?: number }): Promise<VariantInfo[]>;
  imagesFor(who: { scope: Scope }, finishedId: number): Promise<{ main: string[]; byVariant: Record<number, string[]> }>;
}

/** What the check found: the shop and template the call names, and each product accepted or refused with why. */
export interface Checked {
  shopId: number;
  shopName: string;
  templateId: number;
  template: Record<string, unknown>;
  pricingTemplateId: number;
  accepted: { product: PublishProduct; group: PublishGroup | null }[];
  refused: { id: number; key_id: string; reasons: PreflightReason[] }[];
  /** The title each checked product's listing gets (docs/publish-tab.md#pre-flight). */
  titles: { id: number; title: string }[];
}

/** A reason's parameters in the caller's language: a banned word's field is a message key of its own (标题 / title). */
export const renderParams = (params: Record<string, string | number> | undefined, lang: Lang) => {
  if (!params) return {};
  const out = { ...params };
  if (typeof out.field === 'string' && out.field.startsWith('publishField')) out.field = message(out.field as MessageKey, lang, params);
  // A marketplace named by its platform code reads in the caller's language.
  if (typeof out.marketplace === 'number' && out.marketplace in PLATFORM_NAMES)
    out.marketplace = PLATFORM_NAMES[out.marketplace as PublishPlatform][lang];
  return out;
};
export const renderReasons = (reasons: PreflightReason[], lang: Lang): string[] =>
  reasons.map((r) => message(r.key, lang, renderParams(r.params, lang)));

function idsOf(raw: number[]): number[] {
  const ids = [...new Set(raw)];
  if (ids.length === 0) throw new AppError(400, 'publishNoProducts');
  if (ids.length > PUBLISH_MAX_PRODUCTS)
    throw new AppError(400, 'publishTooManyProducts', { max: PUBLISH_MAX_PRODUCTS, count: ids.length });
  return ids;
}

/** groupIds (docs/publishing.md): JSON text or the array; each group names one of the chosen products. */
function groupsOf(raw: PublishGroup[] | string | undefined, ids: number[]): Map<number, PublishGroup> {
  if (raw === undefined || raw === '') return new Map();
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError(400, 'publishGroupIdsInvalid');
    }
  }
  const parsed = z.array(publishGroup).max(PUBLISH_MAX_PRODUCTS).safeParse(value);
  if (!parsed.success) throw new AppError(400, 'publishGroupIdsInvalid');
  const groups = new Map<number, PublishGroup>();
  for (const g of parsed.data) {
    if (!ids.includes(g.parentId)) throw new AppError(400, 'publishGroupIdsInvalid');
    groups.set(g.parentId, g);
  }
  return groups;
}

/** A price a reason names, with its currency beside it (docs/publish-tab.md#pre-flight): 6.99 → 6.99 USD. */
const withCurrency = (reasons: PreflightReason[], currency: string): PreflightReason[] =>
  reasons.map((r) =>
    typeof r.params?.price === 'number' ? { ...r, params: { ...r.params, price: formatMoney(r.params.price, currency) } } : r,
  );

/**
 * The pre-flight check, which every publish call runs first (docs/publishing.md): the template (the
 * caller's, of this marketplace), its shop (the caller's, connected), the pricing template, the products
 * (the caller's); then per product the marketplace's limits (adapter.validate), the banned words, and no
 * second publish of it to the shop.
 */
export function createPublishCheck(deps: {
  repo: Pick<PublishRepo, 'existing'>;
  /** The finished products (the finished module's). */
  products: Pick<FinishedRepo, 'productsInScope' | 'titleFieldsOf'>;
  shops: Pick<ShopRepo, 'inScope'>;
  /** The title template and keyword set a publish chose (the titles module's; docs/listing-tools.md#titles). */
  titles?: Pick<TitleService, 'settingsFor'> | undefined;
  bannedWords: Pick<BannedWordsService, 'wordsFor'>;
  templates: PublishTemplates;
  variants: PublishVariants;
  /** Whether any variant of the product is bound to a remote SKU of the shop (docs/variants.md#sku-bindings). */
  isBound(shopId: number, finishedId: number): Promise<boolean>;
  adapterOf(platform: number): MarketplaceAdapter;
}) {
  const { repo } = deps;

  return async function check(caller: Caller, platform: PublishPlatform, body: PublishBody): Promise<Checked> {
    const ids = idsOf(body.design_product_ids);
    const groups = groupsOf(body.groupIds, ids);
    const templateId = 'aliexpress_template_id' in body ? body.aliexpress_template_id : body.tk_template_id;
    const template = (await deps.templates.forPublish(caller, platform, templateId)) as
      (Record<string, unknown> & { store_id: number }) | undefined;
    if (!template) throw new AppError(404, 'publishTemplateNotFound');
    const shop = await deps.shops.inScope(caller.scope, template.store_id);
    if (!shop) throw new AppError(404, 'publishStoreNotFound');
    if (shop.platform !== platform) throw new AppError(400, 'publishStoreWrongPlatform', { platform: PLATFORM_NAMES[platform].zh });
    if (shop.token_expires_at === null) throw new AppError(400, 'publishStoreNotConnected');
    if (shop.needs_reconnect === 1) throw new AppError(400, 'publishStoreNeedsReconnect');
    const pricingTemplateId = body.pricing_template_id;
    const found = await deps.products.productsInScope(caller.scope, ids);
    const byId = new Map(found.map((r) => [r.id, r]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) throw new AppError(404, 'publishProductNotFound', { id: missing });

    // A chosen title template makes each listing's title (docs/listing-tools.md#titles); 0: the product's own.
    const settings = deps.titles
      ? await deps.titles.settingsFor(caller, {
          titleTemplateId: body.title_template_id,
          keywordSetId: body.keyword_set_id,
          platform,
          shop: shop.name,
        })
      : null;
    const maker = settings ? createTitleMaker(settings) : null;
    const titleFields = maker?.templated ? new Map((await deps.products.titleFieldsOf(ids)).map((r) => [r.id, r])) : null;

    const adapter = deps.adapterOf(platform);
    const words = await deps.bannedWords.wordsFor(caller, platform);
    const matcher = words.length ? createBannedWordMatcher(words) : null;
    const existing = await repo.existing(shop.id, ids);
    const out: Checked = {
      shopId: shop.id,
      shopName: shop.name,
      templateId,
      template,
      pricingTemplateId,
      accepted: [],
      refused: [],
      titles: [],
    };
    for (const id of ids) {
      const row = byId.get(id)!;
      const refuse = (reasons: PreflightReason[]) => out.refused.push({ id, key_id: row.key_id, reasons });
      const prior = existing.find((e) => e.finished_id === id);
      // docs/publishing.md#double-click: a product at work or published in this shop is not sent again.
      if (prior && prior.status === 'published') {
        refuse([{ key: 'publishAlreadyPublished', params: { remote: prior.remote_product_id ?? '' } }]);
        continue;
      }
      if (prior) {
        refuse([{ key: 'publishAlreadyRunning', params: { id: prior.id } }]);
        continue;
      }
      // Still composing, or its composition failed: no mockups to send (the export refuses it alike).
      if (row.status !== 'ready') {
        refuse([{ key: row.status === 'failed' ? 'publishCompositionFailed' : 'publishComposing' }]);
        continue;
      }
      let info: VariantInfo | undefined;
      try {
        // The pricing template is checked here (another family's answers not found, for the whole call).
        [info] = await deps.variants.infoFor(caller, [id], { pricingTemplateId, platform });
      } catch (e) {
        if (e instanceof AppError && e.key === 'variantNoVariants') {
          refuse([{ key: 'publishNoVariants' }]);
          continue;
        }
        throw e;
      }
      // Bound by hand to a listing of the shop (any of a combination's childs): publishing would make a second
      // one (no update in the sandboxes).
      const members = productsOfListing(info!);
      if ((await Promise.all(members.map((m) => deps.isBound(shop.id, m)))).some(Boolean)) {
        refuse([{ key: 'publishAlreadyBound' }]);
        continue;
      }
      const group = groups.get(id) ?? null;
      const prefix = typeof template.sku_prefix === 'string' ? template.sku_prefix : '';
      const stock = stockFor(platform, shopStock(shop), template as Partial<StockSetting>);
      const product = withImages(productOf(info!, row.thumb, group, prefix, stock), await deps.variants.imagesFor(caller, id));
      const reasons: PreflightReason[] = [];
      // Both marketplaces' shops list in USD (docs/pricing-templates.md#currencies): a price in another currency
      // would go out as that many dollars.
      if (info!.currency !== 'USD') reasons.push({ key: 'publishCurrencyNotListed', params: { currency: info!.currency } });
      const fields = titleFields?.get(id);
      if (maker && fields) {
        // The listing's (family) title: {color} and {size} are empty; the budget is the marketplace's.
        const values = titleValuesOf(fields, shop.name);
        const title = maker.title(values, id);
        if (title === null)
          reasons.push({
            key: 'titleTooLong',
            params: { field: 'publishFieldTitle', length: charCount(maker.whole(values, id)), max: maker.budget },
          });
        else product.title = title;
      }
      if (product.skus.length === 0) reasons.push({ key: 'publishNoVariants' });
      if (product.mainBlobs.length === 0) reasons.push({ key: 'publishNoImages' });
      if (reasons.length === 0) {
        // The limits are checked on the listing as it will be sent (image refs stand in for the uploads).
        const listing = listingOf(product, template, (b) => b, MAX_MAIN[platform]);
        let limits = adapter.validate(listing);
        // A combination over the marketplace's SKU limit says so in its own words (docs/publishing.md#combinations).
        if (members.length > 1 && listing.skus.length > MAX_SKUS[platform]) {
          limits = limits.filter((r) => r.key !== 'aeSkusTooMany' && r.key !== 'tiktokTooManySkus');
          reasons.push({
            key: 'publishCombinationTooManySkus',
            params: { products: members.length, count: listing.skus.length, max: MAX_SKUS[platform], marketplace: platform },
          });
        }
        reasons.push(
          ...screenListing(listing, matcher),
          ...listingTextReasons(platform, product, listing, matcher),
          ...withCurrency(limits, info!.currency),
        );
        out.titles.push({ id, title: listing.title });
      } else out.titles.push({ id, title: product.title });
      if (reasons.length) refuse(reasons);
      else out.accepted.push({ product, group });
      // The embedded database answers synchronously: give the API's other requests a turn between products.
      await nextTurn();
    }
    return out;
  };
}
export type PublishCheck = ReturnType<typeof createPublishCheck>;
