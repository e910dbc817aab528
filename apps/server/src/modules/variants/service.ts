import { z } from 'zod';
import {
  listingColour,
  listingSize,
  listingTitle,
  PUBLISH_MAX_PRODUCTS,
  PUBLISH_PLATFORMS,
  priceFor,
  roundMoney,
  productVariantChoice,
  type ColorSize,
  type ParsedBodyOf,
  type PublishPlatform,
  type routes,
  type VariantInfo,
} from '@app/contract';
import { blobKeyOfUrl } from '../../compose/blobUrls.js';
import { parseJsonColumn } from '../../db/json.js';
import type { Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { PriceTemplateService, Pricing } from '../priceTemplates/index.js';
import { sellerSku, variantCodes } from '../sellerSku/index.js';

/**
 * The currency template 0 lists in when publishing (docs/pricing-templates.md#template-0): shops carry no
 * marketplace site, and both marketplaces' sandboxes (and most sellers' shops) are US sites.
 */
const PUBLISH_LISTING_CURRENCY = 'USD';
import type { VariantProducts, VariantRow } from './products.js';

/** One product's colours and sizes to keep (docs/variants.md#choices): empty lists keep all. */
export interface VariantChoice {
  id: number;
  sizes: string[];
  colors: string[];
}

/** Choices as the calls take them: the array, or its JSON text (contract `productChoices`). */
type ProductChoices = ParsedBodyOf<typeof routes.aliexpressVariantInfoByProducts>['products'];

type ProductRow = {
  id: number;
  key_id: string;
  product_id: number;
  product_name: string;
  export_name: string;
  img_urls: string;
  thumb: string;
};
/** A product as loaded: its row and its variants (a combination's childs are each loaded alone, `combo` their combination). */
interface Loaded {
  row: ProductRow;
  /** The blank's English name and catalogue image (absent when the blank is gone). */
  blank: { nameEn: string; imageUrl: string } | undefined;
  /** The combination asked for, when this is one of its childs: the listing is the combination's (docs/variants.md#combinations). */
  combo?: ProductRow;
  /** The id asked for: the product itself, or the combination it was listed under. */
  askedId: number;
  variants: VariantRow[];
}

const choicesSchema = z.array(productVariantChoice).max(PUBLISH_MAX_PRODUCTS);

/** A product's listing title: its export name when English, else the blank's English name (docs/finished.md#listing-names). */
const titleOf = (l: Loaded) => {
  const head = l.combo ?? l.row;
  return listingTitle(head.export_name, head.product_name, l.blank?.nameEn);
};

/** A variant's images: its size's own, else its colour's (as the edit drawer and the export read them). */
const variantImages = (v: VariantRow) => {
  const own = parseJsonColumn<string[]>(v.img_urls, []);
  return own.length ? own : parseJsonColumn<string[]>(v.child_img_urls, []);
};
const blobKeys = (urls: string[]) => urls.map(blobKeyOfUrl).filter((k): k is string => k !== undefined);

/**
 * The variant info of online publishing (docs/variants.md): per chosen product its parent and its colours × sizes with prices, the tab's first
 * preview, and what the publish job reads (infoFor, imagesFor).
 */
export function createVariantService(deps: {
  /** The products and variants it reads (products.ts: the finished module's and the catalogue's answers). */
  products: VariantProducts;
  priceTemplates: Pick<PriceTemplateService, 'forPricing'>;
  /** The marketplace templates (their SKU prefix: the seller SKUs getVariantPrice answers, docs/exports.md#skus). */
  marketTemplates?: { forPublish(who: Caller, platform: PublishPlatform, templateId: number): Promise<object | undefined> };
}) {
  const source = deps.products;

  const idsOf = (ids: number[]): number[] => {
    const unique = [...new Set(ids)];
    if (unique.length > PUBLISH_MAX_PRODUCTS)
      throw new AppError(400, 'variantTooManyProducts', { max: PUBLISH_MAX_PRODUCTS, count: unique.length });
    return unique;
  };

  const choicesOf = (products: ProductChoices): VariantChoice[] => {
    let raw: unknown = products;
    if (typeof products === 'string') {
      try {
        raw = JSON.parse(products);
      } catch {
        throw new AppError(400, 'variantProductsJson');
      }
    }
    if (Array.isArray(raw) && raw.length > PUBLISH_MAX_PRODUCTS)
      throw new AppError(400, 'variantTooManyProducts', { max: PUBLISH_MAX_PRODUCTS, count: raw.length });
    const parsed = choicesSchema.safeParse(raw);
    if (!parsed.success) throw new AppError(400, 'variantProductsJson');
    const seen = new Set<number>();
    for (const c of parsed.data) {
      if (seen.has(c.id)) throw new AppError(400, 'variantProductTwice', { id: c.id });
      seen.add(c.id);
    }
    return parsed.data.map((c) => ({ id: c.id, sizes: c.sizes.map((s) => s.trim()), colors: c.colors.map((s) => s.trim()) }));
  };

  /**
   * The products asked for, in the scope, in the order asked: a combination stands for its childs in its order,
   * a product named twice (alone and in a combination) comes once, where first met (as the export does).
   * Another account's id, or one that is gone, is not found, naming it; nothing partial is answered.
   */
  async function load(scope: Scope, ids: number[]): Promise<Loaded[]> {
    if (ids.length === 0) return [];
    const rows = await source.rowsWithChilds(scope, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) throw new AppError(404, 'variantProductNotFound', { id: missing });
    const out: { row: (typeof rows)[number]; askedId: number; combo?: (typeof rows)[number] }[] = [];
    const taken = new Set<number>();
    for (const id of ids) {
      const row = byId.get(id)!;
      const members =
        row.child_count > 0 ? rows.filter((r) => r.combined_into === id).sort((a, b) => a.combo_sort - b.combo_sort || a.id - b.id) : [row];
      for (const m of members) {
        if (taken.has(m.id)) continue;
        taken.add(m.id);
        out.push({ row: m, askedId: id, ...(row.child_count > 0 ? { combo: row } : {}) });
      }
    }
    const [variants, blanks] = await Promise.all([
      source.variantsOf(out.map((o) => o.row.id)),
      source.blanksOf(out.map((o) => o.row.product_id)),
    ]);
    const byProduct = new Map<number, VariantRow[]>();
    for (const v of variants) {
      const list = byProduct.get(v.finished_id) ?? [];
      list.push(v);
      byProduct.set(v.finished_id, list);
    }
    return out.map(({ row, askedId, combo }) => ({
      row,
      blank: blanks.get(row.product_id),
      askedId,
      ...(combo ? { combo } : {}),
      variants: byProduct.get(row.id) ?? [],
    }));
  }

  /**
   * Keeps the chosen colours and sizes of each product (docs/variants.md#choices). A name none of the asked
   * product's variants has is refused, naming it; a product left with no variant is refused.
   */
  function applyChoices(loaded: Loaded[], choices: VariantChoice[] | undefined): Loaded[] {
    if (!choices) return loaded;
    const byAsked = new Map(choices.map((c) => [c.id, c]));
    /** How a message names the product asked for: its number, a combination's own. */
    const label = (askedId: number) => {
      const first = loaded.find((l) => l.askedId === askedId);
      return first ? (first.combo ?? first.row).key_id : String(askedId);
    };
    for (const c of choices) {
      const all = loaded.filter((l) => l.askedId === c.id).flatMap((m) => m.variants);
      const colors = new Set(all.map((v) => v.color));
      const sizes = new Set(all.map((v) => v.size));
      const unknownColors = c.colors.filter((n) => !colors.has(n));
      if (unknownColors.length) throw new AppError(400, 'variantUnknownColors', { key_id: label(c.id), names: unknownColors.join(', ') });
      const unknownSizes = c.sizes.filter((n) => !sizes.has(n));
      if (unknownSizes.length) throw new AppError(400, 'variantUnknownSizes', { key_id: label(c.id), names: unknownSizes.join(', ') });
    }
    const kept: Loaded[] = [];
    for (const l of loaded) {
      const c = byAsked.get(l.askedId);
      if (!c) {
        kept.push(l);
        continue;
      }
      const variants = l.variants.filter(
        (v) => (c.colors.length === 0 || c.colors.includes(v.color)) && (c.sizes.length === 0 || c.sizes.includes(v.size)),
      );
      if (variants.length) kept.push({ ...l, variants });
    }
    for (const c of choices)
      if (!kept.some((k) => k.askedId === c.id)) throw new AppError(400, 'variantNoneChosen', { key_id: label(c.id) });
    return kept;
  }

  /** Each variant's SKU code (docs/exports.md#skus), from every variant of its product, chosen or not. */
  const codesOf = (l: Loaded, all: VariantRow[]) => {
    const colours = new Map<number, { id: number; code: string; variants: { id: number; size: string }[] }>();
    for (const v of all) {
      const c = colours.get(v.child_id) ?? colours.set(v.child_id, { id: v.child_id, code: v.color_code, variants: [] }).get(v.child_id)!;
      c.variants.push({ id: v.id, size: v.size });
    }
    return variantCodes({ keyId: l.row.key_id, colours: [...colours.values()] });
  };

  /**
   * The variant info of one product, or of a combination (docs/variants.md#variant-info): one entry whose
   * variants are its childs', each with its own product and SKU code. Prices: the pricing template's (priceFor
   * on the blank's price, as the export computes, docs/pricing-templates.md) with its crossed-out price, else the
   * variant's own in CNY; two decimals. Exactly one variant is the parent: the first kept variant marked parent,
   * else the first kept.
   */
  function infoOf(members: Loaded[], pricing: Pricing | null, allById: Map<number, VariantRow[]>, prefix: string): VariantInfo {
    const first = members[0]!;
    const kept = members.flatMap((m) => m.variants);
    const keptParent = kept.find((v) => v.as_parent === 1) ?? kept[0];
    const colorSizes: ColorSize[] = members.flatMap((l) => {
      const codes = codesOf(l, allById.get(l.row.id)!);
      return l.variants.map((v) => {
        const cost = pricing && v.blank_price !== null ? v.blank_price : v.price;
        const colour = listingColour({ color: v.color, code: v.color_code, en: v.color_en, family: v.color_family });
        const variant = {
          size: v.size,
          color: v.color,
          sizeEn: listingSize(v.size, v.size_en),
          colorEn: colour.en,
          categoryIds: v.category_ids,
        };
        // Without a template (getVariantInfo): the variant's own price, in CNY, two decimals.
        const { price, crossedOut } = pricing
          ? priceFor(pricing.template, cost, { rules: pricing.rules, variant })
          : { price: roundMoney(cost, 'CNY'), crossedOut: null };
        return {
          id: v.id,
          key_id: v.key_id,
          color: v.color,
          size: v.size,
          color_en: colour.en,
          color_family: colour.family,
          size_en: listingSize(v.size, v.size_en),
          price,
          as_parent: v === keptParent ? 1 : 0,
          img_urls: variantImages(v),
          finished_id: l.row.id,
          sku_code: codes.get(v.id)!,
          crossed_out: crossedOut,
          // The same rule the publish sends (publish/product.ts).
          seller_sku: sellerSku(prefix, codes.get(v.id)!),
        };
      });
    });
    const prices = colorSizes.map((c) => c.price);
    const head = first.combo ?? first.row;
    const parentVariant = allById.get(first.row.id)!.find((v) => v.as_parent === 1);
    return {
      parentInfo: {
        id: head.id,
        key_id: head.key_id,
        title: titleOf(first),
        img_urls: parentVariant ? variantImages(parentVariant) : parseJsonColumn<string[]>(head.img_urls, []),
      },
      colorSizes,
      minPrice: prices.length ? Math.min(...prices) : 0,
      maxPrice: prices.length ? Math.max(...prices) : 0,
      currency: pricing ? pricing.template.currency_code : 'CNY',
    };
  }

  /** The loaded products grouped as they are listed: a product alone, or a combination's childs together. */
  const listed = (loaded: Loaded[]): Loaded[][] => {
    const groups = new Map<string, Loaded[]>();
    for (const l of loaded) {
      const key = l.combo ? `c${l.combo.id}` : `p${l.row.id}`;
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(l);
    }
    return [...groups.values()];
  };

  async function infoFor(
    caller: Caller,
    finishedIds: number[],
    opts: {
      choices?: { id: number; sizes: string[]; colors: string[] }[];
      pricingTemplateId?: number;
      platform?: number;
      /** The marketplace template's SKU prefix (the seller SKUs); '' by default. */
      skuPrefix?: string;
    } = {},
  ): Promise<VariantInfo[]> {
    // A pricing template (0 too: the built-in default of the marketplace, in USD) prices as the export does.
    const market = { platform: opts.platform ?? 2, currency: PUBLISH_LISTING_CURRENCY };
    const pricing =
      opts.pricingTemplateId === undefined ? null : await deps.priceTemplates.forPricing(caller, opts.pricingTemplateId, market);
    const loaded = await load(caller.scope, finishedIds);
    for (const l of loaded) if (l.variants.length === 0) throw new AppError(409, 'variantNoVariants', { key_id: l.row.key_id });
    const allById = new Map(loaded.map((l) => [l.row.id, l.variants]));
    return listed(applyChoices(loaded, opts.choices)).map((members) => infoOf(members, pricing, allById, opts.skuPrefix ?? ''));
  }

  /**
   * getColorSizePreview (docs/variants.md#the-calls): per product its listing title (`name`, and `title` as before), the
   * blank's image, its colours with their codes and English names, sizes, how many variants, and its thumbnail.
   */
  async function preview(caller: Caller, ids: number[]) {
    const loaded = await load(caller.scope, idsOf(ids));
    return {
      list: listed(loaded).map((members) => {
        const first = members[0]!;
        const head = first.combo ?? first.row;
        const variants = members.flatMap((m) => m.variants);
        const colours = [...new Map(variants.map((v) => [v.color, v])).values()];
        const name = titleOf(first);
        return {
          id: head.id,
          key_id: head.key_id,
          name,
          blank_design_url: first.blank?.imageUrl ?? '',
          title: name,
          thumb: head.thumb,
          colors: colours.map((v) => v.color),
          colorCodes: colours.map((v) => v.color_code),
          colors_en: colours.map((v) => listingColour({ color: v.color, code: v.color_code, en: v.color_en, family: v.color_family }).en),
          sizes: [...new Set(variants.map((v) => v.size))],
          sku_count: variants.length,
          members: members.map((m) => ({ id: m.row.id, key_id: m.row.key_id, colors: [...new Set(m.variants.map((v) => v.color))] })),
        };
      }),
    };
  }

  /**
   * The images the publish job uploads, as blob keys (storage keys, never URLs): the parent's (main) and each
   * variant's by variant id. A URL that is not one of our files is left out. `who` is a Caller, or
   * `{ scope: { accountIds: [ownerId] } }` for a job.
   */
  async function imagesFor(who: { scope: Scope }, finishedId: number): Promise<{ main: string[]; byVariant: Record<number, string[]> }> {
    const loaded = await load(who.scope, [finishedId]);
    const byVariant: Record<number, string[]> = {};
    let main: string[] = [];
    for (const [i, l] of loaded.entries()) {
      for (const v of l.variants) byVariant[v.id] = blobKeys(variantImages(v));
      if (i === 0) {
        const parent = l.variants.find((v) => v.as_parent === 1);
        main = blobKeys(parent ? variantImages(parent) : parseJsonColumn<string[]>(l.row.img_urls, []));
      }
    }
    return { main, byVariant };
  }

  /** The SKU prefix of the caller's marketplace template (as the pre-flight reads it); 404 when it is not the caller's. */
  async function skuPrefixOf(caller: Caller, platform: number, templateId: number): Promise<string> {
    if (templateId === 0 || !deps.marketTemplates || !(PUBLISH_PLATFORMS as readonly number[]).includes(platform)) return '';
    const template = (await deps.marketTemplates.forPublish(caller, platform as PublishPlatform, templateId)) as
      { sku_prefix?: unknown } | undefined;
    if (!template) throw new AppError(404, 'publishTemplateNotFound');
    return typeof template.sku_prefix === 'string' ? template.sku_prefix : '';
  }

  return {
    preview,
    infoFor,
    imagesFor,
    /** getVariantInfo: every variant, the variants' own prices (template_id and type do not change the info). */
    variantInfo: async (caller: Caller, body: ParsedBodyOf<typeof routes.aliexpressVariantInfo>) => ({
      list: await infoFor(caller, idsOf(body.exportProducts)),
    }),
    /** getVariantInfoByProducts: only the chosen sizes and colours, the variants' own prices. */
    variantInfoByProducts: async (caller: Caller, body: ParsedBodyOf<typeof routes.aliexpressVariantInfoByProducts>) => {
      const choices = choicesOf(body.products);
      return {
        list: await infoFor(
          caller,
          choices.map((c) => c.id),
          { choices },
        ),
      };
    },
    /** getVariantPrice: as getVariantInfoByProducts, priced by the pricing template (0: the variants' own). */
    variantPrice: async (caller: Caller, body: ParsedBodyOf<typeof routes.aliexpressVariantPrice>) => {
      const choices = choicesOf(body.products);
      const pricingTemplateId = body.pricing_template_id;
      const skuPrefix = await skuPrefixOf(caller, body.type, body.template_id);
      return {
        list: await infoFor(
          caller,
          choices.map((c) => c.id),
          { choices, pricingTemplateId, platform: body.type, skuPrefix },
        ),
      };
    },
  };
}
export type VariantService = ReturnType<typeof createVariantService>;
