import { charCount, GENERIC_KEYWORDS_MAX_BYTES, type TitleMaker, type TitleValues } from '@app/contract';
import type { Layout, Product, Reason } from './context.js';

/** The title field of each layout, named in a refusal (docs/exports.md#rows). */
const TITLE_FIELD: Record<Layout, string> = { amazon: 'item_name', simple: 'export_name', walmart: 'productName' };

/** One product's texts as a title template and keyword set make them, before the banned-word screen. */
export interface MadeTexts {
  family: string;
  familyKeyword: string;
  /** Per variant, in the rows' order: its title ('' when no template) and its keywords ('' when it has none of its own). */
  variants: { title: string; keyword: string }[];
  /** Set when the template refuses an over-long title (docs/listing-tools.md#titles). */
  reasons: Reason[];
}

/**
 * The titles and keywords of one product's rows from the export's title template and keyword set
 * (docs/listing-tools.md#titles, #keywords): the family title with `{color}` and `{size}` empty, each variant's
 * with its own; the keyword set's words after the product's own (250 bytes of UTF-8 in the large marketplace's
 * flat file), rotated by the product's id. Without a template the titles are the product's own; without a set,
 * the keywords. `variants` are the product's variants in the order rowsOf writes them.
 */
export function madeTexts(
  maker: TitleMaker,
  layout: Layout,
  p: Product,
  variants: readonly { c: Product['colours'][number]; v: Product['colours'][number]['variants'][number] }[],
  templateKeyword: string,
  shop: string,
): MadeTexts {
  const reasons: Reason[] = [];
  const rotation = p.id;
  const base: TitleValues = {
    product_name: p.productName,
    export_name: p.exportName,
    material_name: p.materialName,
    color: '',
    size: '',
    category: p.category,
    shop,
  };
  const field = TITLE_FIELD[layout];
  const fit = (values: TitleValues, own: string) => {
    if (!maker.templated) return own;
    const title = maker.title(values, rotation);
    if (title !== null) return title;
    // One refusal per product is enough for the seller to act on: the longest names the length.
    if (reasons.length === 0)
      reasons.push({ key: 'titleTooLong', params: { field, length: charCount(maker.whole(values, rotation)), max: maker.budget } });
    return '';
  };
  const family = fit(base, p.title);
  const maxBytes = layout === 'amazon' ? GENERIC_KEYWORDS_MAX_BYTES : null;
  const familyKeyword = maker.withKeywords ? maker.keywords(p.keyword || templateKeyword, rotation, maxBytes) : p.keyword;
  const made = variants.map(({ c, v }) => ({
    title: fit({ ...base, export_name: v.title || p.exportName, color: c.en, size: v.sizeEn }, v.title),
    // A variant's own words get the set's after them; without its own it takes the family's line.
    keyword: v.keyword && maker.withKeywords ? maker.keywords(v.keyword, rotation, maxBytes) : v.keyword,
  }));
  return { family, familyKeyword, variants: made, reasons };
}
