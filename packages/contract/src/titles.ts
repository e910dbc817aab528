import { z } from 'zod';
import { commaJoinedIds, num } from './numbers.js';
import { defineRoute } from './route.js';
import { isPlainName, plainName } from './sellerText.js';
import { pageOf } from './envelope.js';
import {
  compileTitleTemplate,
  isTitleTemplateProblem,
  TITLE_LIMITS,
  TITLE_OVERFLOWS,
  type TitleOverflow,
  type TitleTemplateTextProblem,
} from './titleFill.js';
import type { MessageKey } from './messages.js';

/**
 * Title templates (`/title_template/*`) and keyword sets (`/keywords/*`) (docs/listing-tools.md#titles,
 * #keywords): the seller's owned rows, used by exports and publishes that choose them. The filling is
 * titleFill.ts; the rules of a valid row are here, shared by the server (which refuses) and the edit pages
 * (which say the same before sending).
 */

export const TITLE_TEMPLATE_NAME_MAX = 50;
export const TITLE_TEMPLATE_TEXT_MAX = 500;
export const KEYWORD_SET_NAME_MAX = 50;
export const KEYWORD_SET_MAX_WORDS = 500;
export const KEYWORD_MAX_CHARS = 100;
export const TITLE_LIST_PAGE_SIZE_MAX = 100;
/** The largest own length limit a template may set: the longest marketplace limit. */
export const TITLE_MAX_LENGTH_MAX = Math.max(...Object.values(TITLE_LIMITS));

export interface ListingToolProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** What a seller sets on a title template. */
export interface TitleTemplateFields {
  name: string;
  template: string;
  overflow: string;
  /** The seller's own length limit (0: the marketplace's limit decides). */
  max_length: number;
}

/** The first thing wrong with a title template's text, or null. */
export function titleTextProblem(text: string): ListingToolProblem | null {
  if ([...text].length > TITLE_TEMPLATE_TEXT_MAX) return { key: 'titleTemplateTextTooLong', params: { max: TITLE_TEMPLATE_TEXT_MAX } };
  const compiled = compileTitleTemplate(text);
  if (isTitleTemplateProblem(compiled)) {
    const p: TitleTemplateTextProblem = compiled;
    return 'params' in p ? { key: p.key, params: p.params } : { key: p.key };
  }
  return null;
}

/** The first thing wrong with a title template, or null: the server refuses with it, the edit page shows it. */
export function titleTemplateProblem(t: TitleTemplateFields): ListingToolProblem | null {
  const name = t.name.trim();
  if (name === '') return { key: 'titleTemplateNameRequired' };
  if ([...name].length > TITLE_TEMPLATE_NAME_MAX) return { key: 'titleTemplateNameTooLong', params: { max: TITLE_TEMPLATE_NAME_MAX } };
  const text = titleTextProblem(t.template);
  if (text) return text;
  if (!(TITLE_OVERFLOWS as readonly string[]).includes(t.overflow)) return { key: 'titleTemplateOverflow' };
  if (!Number.isInteger(t.max_length) || t.max_length < 0 || t.max_length > TITLE_MAX_LENGTH_MAX)
    return { key: 'titleTemplateMaxLength', params: { max: TITLE_MAX_LENGTH_MAX } };
  return null;
}

/**
 * A keyword set's words from what a seller typed or pasted: one keyword a line (commas and semicolons also
 * separate, as sellers paste them from a spreadsheet), trimmed, inner spaces collapsed, empty ones dropped,
 * each kept once (the first spelling; any case).
 */
export function keywordsOf(input: string | readonly string[]): string[] {
  const raw = typeof input === 'string' ? input.split(/[\r\n,;，；]+/) : input.flatMap((w) => w.split(/[\r\n]+/));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of raw) {
    const w = r.replace(/\s+/g, ' ').trim();
    if (w === '' || seen.has(w.toLowerCase())) continue;
    seen.add(w.toLowerCase());
    out.push(w);
  }
  return out;
}

/** The first thing wrong with a keyword set (its words as keywordsOf gives them), or null. */
export function keywordSetProblem(name: string, words: readonly string[]): ListingToolProblem | null {
  const n = name.trim();
  if (n === '') return { key: 'keywordSetNameRequired' };
  if ([...n].length > KEYWORD_SET_NAME_MAX) return { key: 'keywordSetNameTooLong', params: { max: KEYWORD_SET_NAME_MAX } };
  if (words.length === 0) return { key: 'keywordSetEmpty' };
  if (words.length > KEYWORD_SET_MAX_WORDS) return { key: 'keywordSetTooMany', params: { max: KEYWORD_SET_MAX_WORDS } };
  for (const w of words) {
    if ([...w].length > KEYWORD_MAX_CHARS)
      return { key: 'keywordTooLong', params: { word: [...w].slice(0, 20).join('') + '…', max: KEYWORD_MAX_CHARS } };
    if (w.includes('{') || w.includes('}') || !isPlainName(w)) return { key: 'keywordBadChars', params: { word: w } };
  }
  return null;
}

const id = num(z.number().int().positive());
/** 0 = none chosen. */
const optionalId = num(z.number().int().min(0));
// Checked by the problem functions above, which name the rule in the seller's language; bounded here for the body.
const nameField = plainName(z.string().max(1000));
const templateText = plainName(z.string().max(5000));
const listQuery = z.object({
  /** Part of the name. */
  name: z.string().max(200).optional(),
  pageNumber: num(z.number().int().min(1)).default(1),
  pageSize: num(z.number().int().min(1).max(TITLE_LIST_PAGE_SIZE_MAX)).default(20),
});

export const titleTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  template: z.string(),
  overflow: z.enum(TITLE_OVERFLOWS),
  max_length: z.number().int(),
  owner_id: z.number().int(),
  /** The owning account (a parent sees its sub-accounts' templates). */
  username: z.string(),
  /** Unix seconds. */
  createtime: z.number().int(),
  updated_at: z.number().int(),
});
export type TitleTemplate = z.infer<typeof titleTemplate>;

export const keywordSet = z.object({
  id: z.number().int(),
  name: z.string(),
  keywords: z.array(z.string()),
  owner_id: z.number().int(),
  username: z.string(),
  createtime: z.number().int(),
  updated_at: z.number().int(),
});
export type KeywordSet = z.infer<typeof keywordSet>;

/** One title the preview made, with its length and what the budget did. */
const previewTitle = z.object({
  title: z.string(),
  /** Characters, as the marketplace counts them. */
  length: z.number().int(),
  /** 'cut': it was longer than the budget and cut at a word boundary; 'refused': the template refuses it. */
  status: z.enum(['ok', 'cut', 'refused']),
  /**
   * Whether the title holds Chinese (CJK) text, which the marketplace refuses (the export's and publish's check,
   * `hasCjk`), and the placeholders that put it there (names without braces; empty when the template's own text did).
   */
  not_english: z.boolean(),
  cjk_placeholders: z.array(z.string()),
});

export const titlePreview = z.object({
  /** The marketplace the budget is of (the shop's; else the one asked; else the large marketplace). */
  platform: z.number().int(),
  budget: z.number().int(),
  shop_name: z.string(),
  /** The listing's (family) title: `{color}` and `{size}` empty. */
  family: previewTitle,
  /** One per variant, in the product's order. */
  variants: z.array(previewTitle.extend({ variant_id: z.number().int(), color: z.string(), size: z.string() })),
  /** The product's keywords line (own words, then the set's from its rotation; 250 bytes on the large marketplace). */
  generic_keywords: z.string(),
  generic_keywords_bytes: z.number().int(),
  /**
   * The product's English name, the alternative to a Chinese `{product_name}` or `{export_name}`: its export name
   * when English, else the blank's English name (what the product's own title falls back to); '' when it has none.
   */
  english_name: z.string(),
  /** Banned words found in the titles and keywords, in the caller's language (the export and publish refuse or cut them). */
  banned: z.array(z.string()),
});
export type TitlePreview = z.infer<typeof titlePreview>;

const overflowField = z.string().max(20);
const maxLengthField = num(z.number().int());

export const titleRoutes = {
  titleTemplateList: defineRoute({
    method: 'GET',
    path: '/api/title_template/getlist',
    summary: "The caller's title templates (a parent's include its sub-accounts'), newest first",
    tag: 'title_template',
    auth: true,
    query: listQuery,
    data: pageOf(titleTemplate),
  }),
  titleTemplateAdd: defineRoute({
    method: 'POST',
    path: '/api/title_template/add',
    summary: 'Create a title template: text with placeholders, what an over-long title does, an own length limit (0: the marketplace’s)',
    tag: 'title_template',
    auth: true,
    body: z.strictObject({
      name: nameField,
      template: templateText,
      overflow: overflowField.default('cut'),
      max_length: maxLengthField.default(0),
    }),
    data: titleTemplate,
  }),
  titleTemplateUpdate: defineRoute({
    method: 'POST',
    path: '/api/title_template/update',
    summary: 'Change a title template: the fields sent replace the stored ones',
    tag: 'title_template',
    auth: true,
    body: z.strictObject({
      id,
      name: nameField.optional(),
      template: templateText.optional(),
      overflow: overflowField.optional(),
      max_length: maxLengthField.optional(),
    }),
    data: titleTemplate,
  }),
  titleTemplateDel: defineRoute({
    method: 'POST',
    path: '/api/title_template/del',
    summary: 'Delete title templates (ids comma-joined); all or nothing; shops that defaulted to one default to none',
    tag: 'title_template',
    auth: true,
    body: z.strictObject({ ids: commaJoinedIds(10_000) }),
    data: z.object({ deleted: z.number().int() }),
  }),
  titleTemplatePreview: defineRoute({
    method: 'POST',
    path: '/api/title_template/preview',
    summary:
      'The titles a template makes for one finished product: template is a saved template’s id (a number) or the text itself; with a shop, its marketplace’s limit and name',
    tag: 'title_template',
    auth: true,
    body: z.strictObject({
      template: z.union([z.number().int().positive(), templateText]),
      finished_id: id,
      keyword_set_id: optionalId.default(0),
      shop_id: optionalId.default(0),
      /** Without a shop: the marketplace whose limit applies (1, 2, 3 or 15; default 1). */
      platform: num(z.number().int()).optional(),
      /** For a text template (the edit page's unsaved choices); a saved template uses its own. */
      overflow: overflowField.optional(),
      max_length: maxLengthField.optional(),
    }),
    data: titlePreview,
  }),
  keywordSetList: defineRoute({
    method: 'GET',
    path: '/api/keywords/getlist',
    summary: "The caller's keyword sets (a parent's include its sub-accounts'), newest first",
    tag: 'keywords',
    auth: true,
    query: listQuery,
    data: pageOf(keywordSet),
  }),
  keywordSetAdd: defineRoute({
    method: 'POST',
    path: '/api/keywords/add',
    summary: 'Create a keyword set: a name and its keywords (a list, or text with one keyword a line)',
    tag: 'keywords',
    auth: true,
    body: z.strictObject({
      name: nameField,
      keywords: z.union([z.array(z.string().max(1000)).max(5000), z.string().max(500_000)]),
    }),
    data: keywordSet,
  }),
  keywordSetUpdate: defineRoute({
    method: 'POST',
    path: '/api/keywords/update',
    summary: 'Change a keyword set: the fields sent replace the stored ones',
    tag: 'keywords',
    auth: true,
    body: z.strictObject({
      id,
      name: nameField.optional(),
      keywords: z.union([z.array(z.string().max(1000)).max(5000), z.string().max(500_000)]).optional(),
    }),
    data: keywordSet,
  }),
  keywordSetDel: defineRoute({
    method: 'POST',
    path: '/api/keywords/del',
    summary: 'Delete keyword sets (ids comma-joined); all or nothing; shops that defaulted to one default to none',
    tag: 'keywords',
    auth: true,
    body: z.strictObject({ ids: commaJoinedIds(10_000) }),
    data: z.object({ deleted: z.number().int() }),
  }),
} as const;

export type { TitleOverflow };
