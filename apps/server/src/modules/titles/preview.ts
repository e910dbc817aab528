import {
  charCount,
  cjkPlaceholders,
  compileTitleTemplate,
  fillTitle,
  GENERIC_KEYWORDS_MAX_BYTES,
  hasCjk,
  isTitleTemplateProblem,
  keywordLine,
  listingColour,
  listingSize,
  listingTitle,
  message,
  titleBudget,
  titleTemplateProblem,
  utf8Bytes,
  type Lang,
  type ParsedBodyOf,
  type routes,
  type TitleOverflow,
  type TitlePreview,
  type TitleValues,
} from '@app/contract';
import type { Caller } from '../../http/auth.js';
import type { CatalogueRepo } from '../catalogue/index.js';
import { AppError } from '../../http/errors.js';
import { createBannedWordMatcher, type BannedWordsService } from '../bannedWords/index.js';
import type { FinishedRepo } from '../finished/index.js';
import type { ShopRepo } from '../shops/index.js';
import type { TitleService } from './service.js';

/** Marketplaces a preview without a shop may name (platform codes, docs/limits.md#marketplaces). */
const PREVIEW_PLATFORMS = [1, 2, 3, 15];

/** What a product gives the placeholders (docs/listing-tools.md#titles): the variant's own export name wins over the family's. */
export function titleValuesOf(
  p: { product_name: string; export_name: string; material_img_name: string; cate_name: string },
  shop: string,
  variant?: { color: string; size: string; export_name: string },
): TitleValues {
  return {
    product_name: p.product_name.trim(),
    export_name: (variant?.export_name || p.export_name).trim(),
    material_name: p.material_img_name.trim(),
    color: variant ? variant.color.trim() : '',
    size: variant ? variant.size.trim() : '',
    category: p.cate_name.trim(),
    shop: shop.trim(),
  };
}

/**
 * `POST /api/title_template/preview` (docs/listing-tools.md#preview): the titles a template (saved, or the text
 * being edited) makes for one of the caller's finished products — the family title and one per variant, each
 * with its length and whether the budget cut or refused it — the keywords line, and the banned words found
 * in them. The same filling as the export and the publish (@app/contract titleFill.ts).
 */
export function createTitlePreview(deps: {
  titles: Pick<TitleService, 'template' | 'keywordSet'>;
  products: Pick<FinishedRepo, 'productsInScope' | 'exportPage'>;
  /** The blanks' English names: the alternative a Chinese name placeholder is offered (docs/listing-tools.md#preview). */
  blanks: Pick<CatalogueRepo, 'blanksById'>;
  shops: Pick<ShopRepo, 'inScope'>;
  bannedWords: Pick<BannedWordsService, 'wordsFor'>;
}) {
  return async function preview(caller: Caller, lang: Lang, b: ParsedBodyOf<typeof routes.titleTemplatePreview>): Promise<TitlePreview> {
    let text: string;
    let overflow: TitleOverflow;
    let maxLength: number;
    if (typeof b.template === 'number') {
      const t = await deps.titles.template(caller.scope, b.template);
      [text, overflow, maxLength] = [t.template, t.overflow, t.max_length];
    } else {
      const fields = { name: '-', template: b.template, overflow: b.overflow ?? 'cut', max_length: b.max_length ?? 0 };
      const problem = titleTemplateProblem(fields);
      if (problem) throw new AppError(400, problem.key, problem.params);
      [text, overflow, maxLength] = [fields.template, fields.overflow as TitleOverflow, fields.max_length];
    }
    const compiled = compileTitleTemplate(text);
    if (isTitleTemplateProblem(compiled)) throw new AppError(400, compiled.key, 'params' in compiled ? compiled.params : undefined);

    const [found] = await deps.products.productsInScope(caller.scope, [b.finished_id]);
    if (!found) throw new AppError(404, 'titlePreviewProductNotFound');
    let platform = b.platform ?? 1;
    let shopName = '';
    if (b.shop_id > 0) {
      const shop = await deps.shops.inScope(caller.scope, b.shop_id);
      if (!shop) throw new AppError(404, 'titlePreviewShopNotFound');
      [platform, shopName] = [shop.platform, shop.name];
    } else if (!PREVIEW_PLATFORMS.includes(platform)) throw new AppError(400, 'titlePreviewPlatform');
    const words = b.keyword_set_id > 0 ? (await deps.titles.keywordSet(caller.scope, b.keyword_set_id)).keywords : null;

    const page = await deps.products.exportPage([found.id]);
    const product = page.products[0]!;
    const budget = titleBudget(maxLength, platform);
    const draw = words ? { words, rotation: product.id } : null;
    const made = (values: TitleValues) => {
      const whole = fillTitle(compiled, values, draw, Number.MAX_SAFE_INTEGER, 'cut')!;
      const fitted = fillTitle(compiled, values, draw, budget, overflow);
      const status: 'ok' | 'cut' | 'refused' = fitted === null ? 'refused' : fitted === whole ? 'ok' : 'cut';
      const title = fitted ?? whole;
      // The marketplace refuses a title with Chinese in it (the export's and publish's listing-text check).
      return {
        title,
        length: charCount(title),
        status,
        not_english: hasCjk(title),
        cjk_placeholders: cjkPlaceholders(compiled, values, title),
      };
    };
    const family = made(titleValuesOf(product, shopName));
    // {color} and {size} are the English listing names, as the export fills them (docs/finished.md#listing-names).
    const colourOf = new Map(page.colours.map((c) => [c.id, c]));
    const variants = page.sizes.map((s) => {
      const c = colourOf.get(s.child_id);
      const color = c ? listingColour({ color: c.color, code: c.color_code, en: c.color_en, family: c.color_family }).en : '';
      const size = listingSize(s.size, s.size_en);
      return {
        variant_id: s.id,
        color,
        size,
        ...made(titleValuesOf(product, shopName, { color, size, export_name: s.export_name })),
      };
    });
    const blankEn = (await deps.blanks.blanksById([product.product_id])).get(product.product_id)?.name_en ?? '';
    const englishName = listingTitle(product.export_name, product.product_name, blankEn);
    const keywords = keywordLine(product.keyword, draw, platform === 1 ? GENERIC_KEYWORDS_MAX_BYTES : null);

    // The banned words the export and publish would find in these texts (block: refused; strip: cut).
    const banned: string[] = [];
    const entries = await deps.bannedWords.wordsFor(caller, platform);
    if (entries.length) {
      const texts = [family.title, ...variants.map((v) => v.title), keywords];
      const seen = new Set<string>();
      for (const h of createBannedWordMatcher(entries).find(texts)) {
        const field = h.index === texts.length - 1 ? 'generic_keywords' : message('publishFieldTitle', lang);
        const id = `${h.word.word}\0${field}\0${h.word.action}`;
        if (seen.has(id)) continue;
        seen.add(id);
        banned.push(message(h.word.action === 'block' ? 'exportBannedWord' : 'titleBannedStrip', lang, { word: h.word.word, field }));
      }
    }
    return {
      platform,
      budget,
      shop_name: shopName,
      english_name: hasCjk(englishName) ? '' : englishName,
      family,
      variants,
      generic_keywords: keywords,
      generic_keywords_bytes: utf8Bytes(keywords),
      banned,
    };
  };
}
export type TitlePreviewer = ReturnType<typeof createTitlePreview>;
