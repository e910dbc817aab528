import { z } from 'zod';
import { MARKETPLACES, type MarketplaceCode } from './stores.js';
import { commaJoinedIds, num, oneOfNumbers } from './numbers.js';
import { defineRoute } from './route.js';

/**
 * Banned words (`/keywords_ban/*`; docs/domain.md#banned-words): words a seller never
 * wants in a listing, kept per marketplace (0 = every marketplace), each with what the export does on a hit:
 * refuse the product ('block') or cut the word out ('strip').
 */

/** Marketplaces a word can be kept for: 0 applies to all, else a shop's marketplace (stores.ts MARKETPLACES, the one list). */
export const KEYWORD_BAN_PLATFORM_CODES: readonly number[] = [0, ...MARKETPLACES.map((m) => m.code).sort((a, b) => a - b)];
export type KeywordBanPlatform = 0 | MarketplaceCode;
export const KEYWORD_BAN_ACTIONS = ['block', 'strip'] as const;
export type KeywordBanAction = (typeof KEYWORD_BAN_ACTIONS)[number];

/** Lines one add call takes, and characters one word holds. */
export const KEYWORD_BAN_MAX_LINES = 1000;
export const KEYWORD_BAN_MAX_WORD_LENGTH = 100;
/** Words one account keeps in all (the matcher is built from them on every check and export). */
export const KEYWORD_BAN_MAX_WORDS = 20_000;
/** Texts one check call takes, and characters one text holds. */
export const KEYWORD_BAN_CHECK_MAX_TEXTS = 500;
export const KEYWORD_BAN_CHECK_MAX_TEXT_LENGTH = 20_000;

const platform = num(oneOfNumbers(KEYWORD_BAN_PLATFORM_CODES));

export const keywordBan = z.object({
  id: z.number().int(),
  word: z.string(),
  platform: z.number().int(),
  action: z.enum(KEYWORD_BAN_ACTIONS),
  /** Unix seconds. */
  createtime: z.number().int(),
  /** The owning account (a parent also lists its sub-accounts' words). */
  username: z.string(),
});
export type KeywordBan = z.infer<typeof keywordBan>;

export const keywordBanHit = z.object({
  /** The word's row, as stored. */
  id: z.number().int(),
  word: z.string(),
  platform: z.number().int(),
  action: z.enum(KEYWORD_BAN_ACTIONS),
  /** Every place it occurs: UTF-16 offsets into the text, end exclusive. */
  ranges: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
});
export type KeywordBanHit = z.infer<typeof keywordBanHit>;

export const keywordsBanRoutes = {
  keywordBanList: defineRoute({
    method: 'GET',
    path: '/api/keywords_ban/getlist',
    summary: "The caller's banned words (a parent's include its sub-accounts'), newest first, searchable by word",
    tag: 'keywords_ban',
    auth: true,
    query: z.object({
      pageNumber: num(z.number().int().min(1)).default(1),
      pageSize: num(z.number().int().min(1).max(100)).default(20),
      /** Part of a word, any case. */
      word: z.string().max(KEYWORD_BAN_MAX_WORD_LENGTH).optional(),
      /** Only the words kept for this marketplace (0: those for all). */
      platform: platform.optional(),
    }),
    data: z.object({ count: z.number().int(), list: z.array(keywordBan) }),
  }),
  keywordBanAdd: defineRoute({
    method: 'POST',
    path: '/api/keywords_ban/add',
    summary: 'Add banned words pasted one per line; blank lines and words already kept for the marketplace are skipped',
    tag: 'keywords_ban',
    auth: true,
    body: z.strictObject({
      /** One word (or phrase) per line. */
      words: z.string().max(KEYWORD_BAN_MAX_LINES * (KEYWORD_BAN_MAX_WORD_LENGTH + 2) * 2),
      platform,
      action: z.enum(KEYWORD_BAN_ACTIONS).default('block'),
    }),
    data: z.object({
      /** Words stored. */
      added: z.number().int(),
      /** Lines repeating a word earlier in the same paste. */
      duplicates: z.number().int(),
      /** Words already kept for this marketplace. */
      existing: z.number().int(),
    }),
  }),
  keywordBanDel: defineRoute({
    method: 'POST',
    path: '/api/keywords_ban/del',
    summary: 'Delete banned words (ids comma-joined); all or nothing',
    tag: 'keywords_ban',
    auth: true,
    body: z.strictObject({
      ids: commaJoinedIds().max(20_000),
    }),
    data: z.object({ deleted: z.number().int() }),
  }),
  keywordBanCheck: defineRoute({
    method: 'POST',
    path: '/api/keywords_ban/check',
    summary:
      'Which banned words occur in which text: Latin words whole and ignoring case, CJK words anywhere; a marketplace adds its own words to those for all',
    tag: 'keywords_ban',
    auth: true,
    body: z.strictObject({
      texts: z.array(z.string().max(KEYWORD_BAN_CHECK_MAX_TEXT_LENGTH)).min(1).max(KEYWORD_BAN_CHECK_MAX_TEXTS),
      /** Left out (or 0): every word kept, whatever its marketplace. */
      platform: platform.optional(),
    }),
    data: z.object({
      /** The texts holding a banned word (index into `texts`), each with its words. */
      list: z.array(z.object({ index: z.number().int(), hits: z.array(keywordBanHit) })),
      /** Whether any hit's action is 'block'. */
      blocked: z.boolean(),
    }),
  }),
} as const;
