/**
 * Title templates and keyword sets, the filling (docs/listing-tools.md#titles, #keywords): pure, so the export's
 * file thread, the publish pre-flight, the preview call and the edit page's live preview all make the same
 * title. An export fills 70,000 titles (10,000 products × 6 variants and their parents): a template is
 * parsed once (`compileTitleTemplate`), then each title is one pass over its parts with string concatenation,
 * no regular expression unless a placeholder came out empty, and lengths counted without building arrays.
 */

import { cjkRuns, hasCjk } from './listingNames.js';

/** The placeholders a title template may hold, as the seller writes them (`{keywords:N}` takes N from the set). */
export const TITLE_PLACEHOLDERS = [
  'product_name',
  'export_name',
  'material_name',
  'color',
  'size',
  'keyword',
  'keywords:N',
  'category',
  'shop',
] as const;

/**
 * Title limits by platform code (docs/listing-tools.md#titles): the large marketplace's `item_name` 200,
 * marketplace A's subject 128, marketplace B's title 255 (docs/marketplace-a.md, docs/marketplace-b.md); the
 * Walmart-style file's productName 199 (our reading of Walmart's item spec).
 */
export const TITLE_LIMITS: Readonly<Record<number, number>> = { 1: 200, 2: 128, 3: 199, 15: 255 };
/** The limit of a platform without one of its own: the large marketplace's. */
export const DEFAULT_TITLE_LIMIT = 200;
export const titleLimitOf = (platform: number): number => TITLE_LIMITS[platform] ?? DEFAULT_TITLE_LIMIT;
/** The large marketplace's `generic_keywords`: at most 250 bytes of UTF-8 (docs/listing-tools.md#keywords). */
export const GENERIC_KEYWORDS_MAX_BYTES = 250;
/** What a title too long for its budget does: cut at a word boundary, or refuse the product. */
export const TITLE_OVERFLOWS = ['cut', 'refuse'] as const;
export type TitleOverflow = (typeof TITLE_OVERFLOWS)[number];
/** The largest N of `{keywords:N}`. */
export const TITLE_KEYWORDS_N_MAX = 20;

/** What a product (and one of its variants) gives the placeholders; '' where it has nothing. */
export interface TitleValues {
  product_name: string;
  export_name: string;
  material_name: string;
  color: string;
  size: string;
  category: string;
  shop: string;
}

const P_PRODUCT = 0;
const P_EXPORT = 1;
const P_MATERIAL = 2;
const P_COLOR = 3;
const P_SIZE = 4;
const P_KEYWORD = 5;
const P_KEYWORDS = 6;
const P_CATEGORY = 7;
const P_SHOP = 8;
const CODES: Record<string, number> = {
  product_name: P_PRODUCT,
  export_name: P_EXPORT,
  material_name: P_MATERIAL,
  color: P_COLOR,
  size: P_SIZE,
  keyword: P_KEYWORD,
  category: P_CATEGORY,
  shop: P_SHOP,
};

/** A template parsed once: literal text between placeholders, each placeholder a code (and N for `{keywords:N}`). */
export interface CompiledTitle {
  /** literals[i] comes before codes[i]; the last literal ends the title (literals.length = codes.length + 1). */
  readonly literals: readonly string[];
  readonly codes: readonly number[];
  readonly counts: readonly number[];
  /** Whether the template holds `{keyword}` or `{keywords:N}`. */
  readonly usesKeywords: boolean;
  /** Whether it names the variant (`{color}`, `{size}`). */
  readonly usesVariant: boolean;
}

/** What is wrong with a template's text, as a catalogue message (titleMessages.ts), or null. */
export type TitleTemplateTextProblem =
  | { key: 'titleTemplateTextRequired' }
  | { key: 'titleTemplateUnknownPlaceholder'; params: { names: string } }
  | { key: 'titleTemplateKeywordsCount'; params: { max: number } }
  | { key: 'titleTemplateBrace' };

/**
 * Parses a template's text: `{name}` placeholders (spaces inside the braces are allowed), everything else
 * literal. Unknown placeholders are refused naming each one; a brace outside a placeholder is refused (a title
 * holds no braces, and a typo such as `{color` would otherwise go out as text).
 */
export function compileTitleTemplate(text: string): CompiledTitle | TitleTemplateTextProblem {
  if (text.trim() === '') return { key: 'titleTemplateTextRequired' };
  const literals: string[] = [];
  const codes: number[] = [];
  const counts: number[] = [];
  const unknown: string[] = [];
  let at = 0;
  let badCount = false;
  const re = /\{([^{}]*)\}/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    literals.push(text.slice(at, m.index));
    at = m.index + m[0].length;
    const name = m[1]!.trim();
    const many = /^keywords\s*:\s*(\d+)$/.exec(name);
    if (many) {
      const n = Number(many[1]);
      if (n < 1 || n > TITLE_KEYWORDS_N_MAX) badCount = true;
      codes.push(P_KEYWORDS);
      counts.push(n);
    } else if (name in CODES) {
      codes.push(CODES[name]!);
      counts.push(1);
    } else {
      if (!unknown.includes(m[0])) unknown.push(m[0]);
      codes.push(-1);
      counts.push(0);
    }
  }
  literals.push(text.slice(at));
  if (unknown.length) return { key: 'titleTemplateUnknownPlaceholder', params: { names: unknown.join(' ') } };
  if (badCount) return { key: 'titleTemplateKeywordsCount', params: { max: TITLE_KEYWORDS_N_MAX } };
  if (literals.some((l) => l.includes('{') || l.includes('}'))) return { key: 'titleTemplateBrace' };
  return {
    literals,
    codes,
    counts,
    usesKeywords: codes.some((c) => c === P_KEYWORD || c === P_KEYWORDS),
    usesVariant: codes.some((c) => c === P_COLOR || c === P_SIZE),
  };
}

export const isTitleTemplateProblem = (c: CompiledTitle | TitleTemplateTextProblem): c is TitleTemplateTextProblem => 'key' in c;

/** Each placeholder's name by its code (`{keywords:N}` is drawn from the keyword set, never from the product). */
const VALUE_NAMES: Record<number, keyof TitleValues> = {
  [P_PRODUCT]: 'product_name',
  [P_EXPORT]: 'export_name',
  [P_MATERIAL]: 'material_name',
  [P_COLOR]: 'color',
  [P_SIZE]: 'size',
  [P_CATEGORY]: 'category',
  [P_SHOP]: 'shop',
};

/**
 * The placeholders of a template whose values hold Chinese (CJK) text for this product (`hasCjk`, the check the
 * export's and the publish's listing texts run: docs/exports.md#listing-texts): a title made with one is refused by
 * the marketplace. Names without braces, each once, in the template's order. Given the `title` made (cut to fit,
 * docs/listing-tools.md#preview), only those whose Chinese is in it: a stretch of it whole, or the start of one
 * where the cut ended it; a placeholder cut out of the title is not what the marketplace refuses.
 */
export function cjkPlaceholders(c: CompiledTitle, v: TitleValues, title?: string): (keyof TitleValues)[] {
  const lastRun = title === undefined ? undefined : cjkRuns(title).at(-1);
  const inTitle = (value: string) =>
    title === undefined || cjkRuns(value).some((run) => title.includes(run) || (lastRun !== undefined && run.startsWith(lastRun)));
  const out: (keyof TitleValues)[] = [];
  for (const code of c.codes) {
    const name = VALUE_NAMES[code];
    if (name !== undefined && !out.includes(name) && hasCjk(v[name]) && inTitle(v[name])) out.push(name);
  }
  return out;
}

/** Characters as a person counts them (code points: an emoji is one), without building an array. */
export function charCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // The high half of a surrogate pair counts; its low half does not.
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/** Bytes of `s` in UTF-8, without encoding it. */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0x3000;
/** Separators a title's words are joined by, left dangling when a placeholder is empty or a title is cut. */
const SEPARATORS = ' ,|/·–—-:;&+';
const TRAILING = new RegExp(`[\\s${SEPARATORS.replace('-', '\\-')}]+$`, 'u');
const LEADING = new RegExp(`^[\\s${SEPARATORS.replace('-', '\\-')}]+`, 'u');

/**
 * A title whose placeholders left holes ("Tee -  - S"): runs of spaces become one, brackets left empty go, a
 * separator repeated with nothing between keeps one, and the ends lose dangling separators.
 */
export function tidyTitle(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/[([（【]\s*[)\]）】]/g, '')
    .replace(/([,|/·–—-])(?:\s*[,|/·–—-])+(?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(LEADING, '')
    .replace(TRAILING, '');
}

/**
 * Cuts `s` to at most `max` characters at a word boundary (the last space within the budget), dropping the
 * separators that then end it; a first word longer than the budget (text without spaces) is cut inside it.
 */
export function cutAtWord(s: string, max: number): string {
  // The UTF-16 index where the max-th character ends.
  let chars = 0;
  let end = 0;
  while (end < s.length && chars < max) {
    const c = s.charCodeAt(end);
    end += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
    chars++;
  }
  if (end >= s.length) return s;
  let cut = end;
  // Not at a boundary already: back to the last space within the budget.
  if (!isSpace(s.charCodeAt(end))) {
    let k = end - 1;
    while (k > 0 && !isSpace(s.charCodeAt(k))) k--;
    if (k > 0) cut = k;
  }
  return s.slice(0, cut).replace(TRAILING, '');
}

/** The keywords `{keyword}` and `{keywords:N}` draw from: a set's words, rotated per product. */
export interface KeywordDraw {
  readonly words: readonly string[];
  /** Where this product starts in the set (its id, so a batch is not all alike and the same product always gets the same). */
  readonly rotation: number;
}

/**
 * One title from a compiled template: the values in place of their placeholders, the keywords drawn in
 * turn from the set starting at the product's rotation (no word twice in one title), tidied when a
 * placeholder came out empty, then fitted to `budget` characters: cut at a word boundary, or null when the
 * template says to refuse an over-long title.
 */
export function fillTitle(
  c: CompiledTitle,
  v: TitleValues,
  draw: KeywordDraw | null,
  budget: number,
  overflow: TitleOverflow,
): string | null {
  const lits = c.literals;
  const codes = c.codes;
  let out = lits[0]!;
  let holes = false;
  const words = draw?.words;
  const size = words ? words.length : 0;
  const start = size ? draw!.rotation % size : 0;
  let used = 0;
  for (let i = 0; i < codes.length; i++) {
    let value: string;
    switch (codes[i]) {
      case P_PRODUCT:
        value = v.product_name;
        break;
      case P_EXPORT:
        value = v.export_name;
        break;
      case P_MATERIAL:
        value = v.material_name;
        break;
      case P_COLOR:
        value = v.color;
        break;
      case P_SIZE:
        value = v.size;
        break;
      case P_CATEGORY:
        value = v.category;
        break;
      case P_SHOP:
        value = v.shop;
        break;
      case P_KEYWORD:
        value = used < size ? words![(start + used++) % size]! : '';
        break;
      default: {
        // {keywords:N}: the next N words of the set, as many as it has left.
        value = '';
        for (let n = c.counts[i]!; n > 0 && used < size; n--) {
          const w = words![(start + used++) % size]!;
          value = value === '' ? w : `${value} ${w}`;
        }
      }
    }
    if (value === '') {
      const next = lits[i + 1]!;
      // "{a} {b} {c}" with b empty: the one space is kept, not two; anything else around a hole is tidied after.
      if (next === ' ' && (out === '' || out.charCodeAt(out.length - 1) === 32)) continue;
      holes = true;
    }
    out += value;
    out += lits[i + 1]!;
  }
  if (holes || isSpace(out.charCodeAt(0)) || isSpace(out.charCodeAt(out.length - 1))) out = tidyTitle(out);
  // A UTF-16 length within the budget is within it in characters too (a character is one or two units).
  if (out.length <= budget || charCount(out) <= budget) return out;
  return overflow === 'cut' ? cutAtWord(out, budget) : null;
}

/**
 * The keywords field of a listing (`generic_keywords`, the simplified file's `keyword`, Walmart's `keywords`):
 * the product's own words first, then the set's words from the product's rotation, each once (a word already in
 * the line, any case, is skipped), joined by spaces. With `maxBytes` (the large marketplace's 250 bytes of
 * UTF-8) a word that does not fit is left out and the next ones tried; own words longer than the limit are cut
 * at a word boundary.
 */
export function keywordLine(own: string, draw: KeywordDraw | null, maxBytes: number | null): string {
  let line = own.trim();
  if (maxBytes !== null && utf8Bytes(line) > maxBytes) line = cutToBytes(line, maxBytes);
  const words = draw?.words;
  if (!words || words.length === 0) return line;
  let bytes = utf8Bytes(line);
  let lower = line.toLowerCase();
  // The line's single words, for the common case (a one-word keyword) without scanning the line.
  const seen = new Set(lower.split(/[\s,]+/));
  const size = words.length;
  const start = draw.rotation % size;
  for (let i = 0; i < size; i++) {
    const w = words[(start + i) % size]!;
    const lw = w.toLowerCase();
    if (seen.has(lw) || (lw.includes(' ') && containsWord(lower, lw))) continue;
    const add = utf8Bytes(w) + (line === '' ? 0 : 1);
    if (maxBytes !== null && bytes + add > maxBytes) continue;
    line = line === '' ? w : `${line} ${w}`;
    lower = lower === '' ? lw : `${lower} ${lw}`;
    seen.add(lw);
    bytes += add;
  }
  return line;
}

/** Whether `word` occurs in `line` as whole words (both lower case). */
function containsWord(line: string, word: string): boolean {
  for (let at = line.indexOf(word); at >= 0; at = line.indexOf(word, at + 1)) {
    const before = at === 0 || isSpace(line.charCodeAt(at - 1)) || line[at - 1] === ',';
    const end = at + word.length;
    const after = end === line.length || isSpace(line.charCodeAt(end)) || line[end] === ',';
    if (before && after) return true;
  }
  return false;
}

/** `s` cut to at most `max` UTF-8 bytes at a word boundary (inside the first word when it alone is longer). */
function cutToBytes(s: string, max: number): string {
  let bytes = 0;
  let end = 0;
  while (end < s.length) {
    const c = s.charCodeAt(end);
    const pair = c >= 0xd800 && c <= 0xdbff;
    const b = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + b > max) break;
    bytes += b;
    end += pair ? 2 : 1;
  }
  if (end >= s.length) return s;
  let cut = end;
  if (!isSpace(s.charCodeAt(end))) {
    let k = end - 1;
    while (k > 0 && !isSpace(s.charCodeAt(k))) k--;
    if (k > 0) cut = k;
  }
  return s.slice(0, cut).replace(TRAILING, '');
}

/** A chosen title template and keyword set, as an export or publish carries them (plain data: it crosses to the file thread). */
export interface TitleSettings {
  /** null: the product's own titles (no template chosen). */
  template: { text: string; overflow: TitleOverflow; max_length: number } | null;
  /** null: no keyword set chosen. */
  keywords: string[] | null;
  /** The shop's name (`{shop}`) and marketplace (its title limit). */
  shop: string;
  platform: number;
}

/** The budget a template gets on a marketplace: the marketplace's limit, or the seller's own when smaller (0 = none). */
export const titleBudget = (maxLength: number, platform: number) => {
  const limit = titleLimitOf(platform);
  return maxLength > 0 && maxLength < limit ? maxLength : limit;
};

/** The filling of one export or publish, compiled once: `title(values, rotation)` and `keywords(own, rotation, maxBytes)`. */
export interface TitleMaker {
  /** Whether a template was chosen (else the product's own titles go out). */
  readonly templated: boolean;
  readonly budget: number;
  title(values: TitleValues, rotation: number): string | null;
  /** The title before the budget (what a refusal reports the length of). */
  whole(values: TitleValues, rotation: number): string;
  keywords(own: string, rotation: number, maxBytes: number | null): string;
  /** Whether a keyword set was chosen. */
  readonly withKeywords: boolean;
}

/** A maker from the settings; a template that no longer compiles (edited since) makes no title: null. */
export function createTitleMaker(s: TitleSettings): TitleMaker {
  const compiled = s.template ? compileTitleTemplate(s.template.text) : null;
  const c = compiled && !isTitleTemplateProblem(compiled) ? compiled : null;
  const budget = titleBudget(s.template?.max_length ?? 0, s.platform);
  const overflow = s.template?.overflow ?? 'cut';
  const words = s.keywords && s.keywords.length ? s.keywords : null;
  // One draw object per maker: rotation is set per call (no object per title).
  const draw = { words: words ?? [], rotation: 0 };
  return {
    templated: c !== null,
    budget,
    withKeywords: words !== null,
    title(values, rotation) {
      if (!c) return null;
      draw.rotation = rotation;
      return fillTitle(c, values, words ? draw : null, budget, overflow);
    },
    whole(values, rotation) {
      if (!c) return '';
      draw.rotation = rotation;
      return fillTitle(c, values, words ? draw : null, Number.MAX_SAFE_INTEGER, 'cut')!;
    },
    keywords(own, rotation, maxBytes) {
      draw.rotation = rotation;
      return keywordLine(own, words ? draw : null, maxBytes);
    },
  };
}
