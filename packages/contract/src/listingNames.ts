import { z } from 'zod';
import { num } from './numbers.js';
import { defineRoute } from './route.js';
import { isPlainName, plainName } from './sellerText.js';

/**
 * The names a listing gives a product's colours and sizes (docs/catalogue-format.md#colours-and-sizes-in-english,
 * docs/finished.md#listing-names): every marketplace we list on reads English, so each colour carries an English
 * name and a colour family (the large marketplace's `color_map` values), each size an English name. The
 * catalogue gives them; a finished product keeps copies the seller may rename per product.
 */

/** The large marketplace's `color_map` values: a colour's family, what its colour filter offers buyers. */
export const COLOR_FAMILIES = [
  'Black',
  'White',
  'Grey',
  'Silver',
  'Blue',
  'Red',
  'Pink',
  'Purple',
  'Green',
  'Yellow',
  'Orange',
  'Brown',
  'Beige',
  'Gold',
  'Multicolor',
  'Clear',
] as const;
export type ColorFamily = (typeof COLOR_FAMILIES)[number];
export const isColorFamily = (s: string): s is ColorFamily => (COLOR_FAMILIES as readonly string[]).includes(s);

/** An English colour or size name: at most this many characters (TikTok Shop's and our A's sales attribute value limit). */
export const LISTING_NAME_MAX = 50;

/** Chinese, Japanese and Korean script, and the full-width forms and CJK punctuation that come with them. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
/** Whether a text holds Chinese (or other CJK) characters: an English listing refuses it. */
export const hasCjk = (s: string) => CJK.test(s);
const CJK_RUNS = new RegExp(`${CJK.source}+`, 'gu');
/** The stretches of CJK text in `s`, in order. */
export const cjkRuns = (s: string): string[] => s.match(CJK_RUNS) ?? [];
/** A name an English listing takes: visible text, no CJK, 1–50 characters once trimmed. */
export const isListingName = (s: string) => {
  const t = s.trim();
  return t.length > 0 && t.length <= LISTING_NAME_MAX && !hasCjk(t) && isPlainName(t);
};

/**
 * English names and families of the colour names Chinese catalogues use most (and every demo colour): what an old
 * catalogue without `en`/`family` imports with, and what a finished product made before colours had English names
 * is given (migration 0024). A name not here and not already Latin has no English name until someone writes one.
 */
const COMMON_COLOURS: Record<string, [string, ColorFamily]> = {
  白色: ['White', 'White'],
  白: ['White', 'White'],
  黑色: ['Black', 'Black'],
  黑: ['Black', 'Black'],
  灰色: ['Grey', 'Grey'],
  浅灰: ['Light Grey', 'Grey'],
  深灰: ['Dark Grey', 'Grey'],
  麻灰: ['Heather Grey', 'Grey'],
  炭灰: ['Charcoal', 'Grey'],
  银色: ['Silver', 'Silver'],
  红色: ['Red', 'Red'],
  红: ['Red', 'Red'],
  酒红: ['Burgundy', 'Red'],
  酒红色: ['Burgundy', 'Red'],
  砖红: ['Brick Red', 'Red'],
  玫红: ['Rose Red', 'Pink'],
  粉色: ['Pink', 'Pink'],
  粉红: ['Pink', 'Pink'],
  粉红色: ['Pink', 'Pink'],
  樱花粉: ['Sakura Pink', 'Pink'],
  藕粉: ['Blush Pink', 'Pink'],
  紫色: ['Purple', 'Purple'],
  浅紫: ['Lavender', 'Purple'],
  蓝色: ['Blue', 'Blue'],
  蓝: ['Blue', 'Blue'],
  藏青: ['Navy', 'Blue'],
  藏青色: ['Navy', 'Blue'],
  藏蓝: ['Navy', 'Blue'],
  深蓝: ['Dark Blue', 'Blue'],
  浅蓝: ['Light Blue', 'Blue'],
  天蓝: ['Sky Blue', 'Blue'],
  宝蓝: ['Royal Blue', 'Blue'],
  午夜蓝: ['Midnight Blue', 'Blue'],
  绿色: ['Green', 'Green'],
  绿: ['Green', 'Green'],
  墨绿: ['Forest Green', 'Green'],
  军绿: ['Army Green', 'Green'],
  军绿色: ['Army Green', 'Green'],
  薄荷绿: ['Mint Green', 'Green'],
  黄色: ['Yellow', 'Yellow'],
  黄: ['Yellow', 'Yellow'],
  姜黄: ['Mustard', 'Yellow'],
  橙色: ['Orange', 'Orange'],
  橘色: ['Orange', 'Orange'],
  棕色: ['Brown', 'Brown'],
  咖啡色: ['Coffee', 'Brown'],
  卡其: ['Khaki', 'Beige'],
  卡其色: ['Khaki', 'Beige'],
  米色: ['Beige', 'Beige'],
  米白: ['Off White', 'Beige'],
  杏色: ['Apricot', 'Beige'],
  燕麦: ['Oatmeal', 'Beige'],
  燕麦色: ['Oatmeal', 'Beige'],
  亚麻: ['Linen', 'Beige'],
  金色: ['Gold', 'Gold'],
  彩色: ['Multicolor', 'Multicolor'],
  花色: ['Multicolor', 'Multicolor'],
  透明: ['Clear', 'Clear'],
  黑框: ['Black Frame', 'Black'],
  白框: ['White Frame', 'White'],
  原木框: ['Natural Wood Frame', 'Brown'],
  胡桃木框: ['Walnut Frame', 'Brown'],
};

/** English names of the sizes Chinese catalogues write in Chinese. Latin sizes (S, 11oz, iPhone 15) stay as they are. */
const COMMON_SIZES: Record<string, string> = {
  均码: 'One Size',
  小号: 'Small',
  中号: 'Medium',
  大号: 'Large',
  加大: 'X-Large',
  加大号: 'X-Large',
  特大: 'XX-Large',
  特大号: 'XX-Large',
  儿童: 'Kids',
  成人: 'Adult',
};

/** A colour's English name from the built-in list, or the name itself when it is already English; else undefined. */
export function englishColourName(name: string): string | undefined {
  const t = name.trim();
  const known = COMMON_COLOURS[t];
  if (known) return known[0];
  return isListingName(t) ? t : undefined;
}

/** A size's English name: the built-in list's, or the size itself when it is already English; else undefined. */
export function englishSizeName(size: string): string | undefined {
  const t = size.trim();
  return COMMON_SIZES[t] ?? (isListingName(t) ? t : undefined);
}

/**
 * A colour's family: the built-in list's for its name (gold, silver, clear and multicolour cannot be told from a
 * code), else from the colour code's hue, saturation and lightness.
 */
export function colourFamilyOf(name: string, hex: string): ColorFamily {
  const known = COMMON_COLOURS[name.trim()];
  return known ? known[1] : familyOfHex(hex);
}

/** The colour family of a `#rrggbb` code (docs/catalogue-format.md#colours-and-sizes-in-english: the rule). */
export function familyOfHex(hex: string): ColorFamily {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return 'Multicolor';
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((x) => parseInt(x, 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (s < 0.12 || d < 0.06) return l > 0.88 ? 'White' : l < 0.16 ? 'Black' : 'Grey';
  if (l < 0.1) return 'Black';
  if (l > 0.95) return 'White';
  let h = 0;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h = (h * 60 + 360) % 360;
  if (h >= 15 && h < 50) {
    if (l > 0.7) return 'Beige';
    if (s < 0.6 || l < 0.35) return 'Brown';
    return h < 40 ? 'Orange' : 'Yellow';
  }
  if (h < 15 || h >= 345) return l > 0.7 ? 'Pink' : 'Red';
  if (h < 70) return 'Yellow';
  if (h < 170) return 'Green';
  if (h < 255) return 'Blue';
  if (h < 290) return 'Purple';
  return l > 0.6 ? 'Pink' : 'Purple';
}

/**
 * A colour's listing name and family as they go out: the stored copies, else (a row made before colours had English
 * names) the built-in derivation; a name none can give stays the colour's own, which the pre-flight then refuses.
 */
export function listingColour(c: { color: string; code: string; en?: string | null; family?: string | null }): {
  en: string;
  family: ColorFamily;
} {
  const en = c.en?.trim() || englishColourName(c.color) || c.color;
  const family = c.family && isColorFamily(c.family) ? c.family : colourFamilyOf(c.color, c.code);
  return { en, family };
}
/** A size's listing name as it goes out: the stored copy, else the built-in derivation, else the size itself. */
export const listingSize = (size: string, en?: string | null) => en?.trim() || englishSizeName(size) || size;

/**
 * A product's listing title (docs/finished.md#listing-names): its export name when that is English, else the blank's
 * English name (the catalogue's `nameEn`), else the export name (or product name) as it is — which an English
 * marketplace's pre-flight refuses, naming the title.
 */
export function listingTitle(exportName: string, productName: string, blankNameEn: string | null | undefined): string {
  const own = exportName.trim() || productName.trim();
  if (own && !hasCjk(own)) return own;
  return blankNameEn?.trim() || own;
}

// ── The calls (docs/finished.md#listing-names) ───────────────────────────────────────────────────────────────

const listingName = plainName(z.string().trim().min(1).max(LISTING_NAME_MAX));

/** One colour's listing names: the colour as the product names it (its Chinese name), its English name and family. */
export const listingColourNames = z.object({
  color: z.string(),
  color_code: z.string(),
  en: z.string(),
  family: z.enum(COLOR_FAMILIES),
});
export const listingSizeNames = z.object({ size: z.string(), en: z.string() });
export const listingNames = z.object({
  id: z.number().int(),
  key_id: z.string(),
  colors: z.array(listingColourNames),
  sizes: z.array(listingSizeNames),
});
export type ListingNames = z.infer<typeof listingNames>;

export const setListingNamesBody = z.strictObject({
  /** The finished product's id (not a combination: each of its products has its own colours). */
  id: num(z.number().int().positive()),
  /**
   * Colours to rename; a colour left out keeps its names. `was_en` and `was_family`: the names the form loaded —
   * a name sent as it was loaded is left as it is stored now (a catalogue re-import may have renamed it since) and
   * does not become the seller's; without them, a name that differs from the stored one is the seller's.
   */
  colors: z
    .array(
      z.strictObject({
        color: z.string().trim().min(1).max(200),
        en: listingName,
        family: z.enum(COLOR_FAMILIES),
        was_en: z.string().max(200).optional(),
        was_family: z.string().max(50).optional(),
      }),
    )
    .max(100)
    .default([]),
  sizes: z
    .array(z.strictObject({ size: z.string().trim().min(1).max(200), en: listingName, was_en: z.string().max(200).optional() }))
    .max(100)
    .default([]),
});

export const listingNameRoutes = {
  finishedListingNames: defineRoute({
    method: 'GET',
    path: '/api/finished/getListingNames',
    summary: "A finished product's colours and sizes with the English names and colour families its listings use",
    tag: 'finished',
    auth: true,
    query: z.object({ id: num(z.number().int().positive()) }),
    data: listingNames,
  }),
  finishedSetListingNames: defineRoute({
    method: 'POST',
    path: '/api/finished/setListingNames',
    summary: "Renames a finished product's colours and sizes as its listings name them (English name, colour family)",
    tag: 'finished',
    auth: true,
    body: setListingNamesBody,
    data: listingNames,
  }),
} as const;

/**
 * The colour a buyer picks within a combination (docs/publishing.md#combinations): two childs often share a colour
 * (the same blank, two designs), so a colour name more than one child carries is followed by the child's place in
 * the combination ("White (2)"); every SKU keeps its own colour × size and image (marketplaces refuse two SKUs
 * alike). `items` are the listing's variants (or colours) in the combination's order, `productOf` the child each
 * belongs to and `colourOf` its English colour name. A product alone keeps its names. The publish and the files
 * name colours with this one rule, so a combination's colours read the same in a file and on a marketplace.
 */
export function combinationColourNames<T>(items: readonly T[], productOf: (x: T) => number, colourOf: (x: T) => string): (x: T) => string {
  const order = [...new Set(items.map(productOf))];
  if (order.length < 2) return colourOf;
  const owners = new Map<string, Set<number>>();
  for (const x of items) {
    const name = colourOf(x);
    (owners.get(name) ?? owners.set(name, new Set()).get(name)!).add(productOf(x));
  }
  return (x) => {
    const name = colourOf(x);
    if ((owners.get(name)?.size ?? 0) < 2) return name;
    const n = order.indexOf(productOf(x)) + 1;
    return name.trim() === '' ? `(${n})` : `${name} (${n})`;
  };
}
