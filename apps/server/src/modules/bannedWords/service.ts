import {
  KEYWORD_BAN_MAX_LINES,
  KEYWORD_BAN_MAX_WORD_LENGTH,
  KEYWORD_BAN_MAX_WORDS,
  type ParsedBodyOf,
  type KeywordBanHit,
  type ParsedQueryOf,
  type routes,
} from '@app/contract';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { findBannedWords, normaliseWord, type BannedWordEntry } from './matcher.js';
import type { BannedWordsRepo } from './repo.js';

/**
 * Banned words (docs/domain.md#banned-words): a seller pastes words one per line for a marketplace (0: all)
 * with what the export does on a hit; the check call says which words occur in which text.
 */
export function createBannedWordsService(deps: { repo: Pick<BannedWordsRepo, 'forCheck' | 'inTransaction' | 'page'>; now: () => number }) {
  const { repo, now } = deps;
  const { inTransaction } = repo;

  async function list(caller: Caller, q: ParsedQueryOf<typeof routes.keywordBanList>) {
    const { pageNumber, pageSize } = q;
    const needle = q.word ? normaliseWord(q.word) : '';
    const platform = q.platform;
    const { rows, count } = await repo.page(caller.scope, { needle, platform }, pageSize, (pageNumber - 1) * pageSize);
    return {
      count,
      list: rows.map((r) => ({
        id: r.id,
        word: r.word,
        platform: r.platform,
        action: r.action,
        createtime: Math.floor(r.created_at / 1000),
        username: r.username,
      })),
    };
  }

  async function add(caller: Caller, body: ParsedBodyOf<typeof routes.keywordBanAdd>) {
    const platform = body.platform;
    const { action } = body;
    const lines = body.words.split(/\r\n|\r|\n/);
    const words = lines.map((l, i) => ({ line: i + 1, word: l.trim().replace(/\s+/g, ' ') })).filter((w) => w.word !== '');
    if (words.length === 0) throw new AppError(400, 'keywordBanEmpty');
    if (words.length > KEYWORD_BAN_MAX_LINES)
      throw new AppError(400, 'keywordBanTooManyLines', { max: KEYWORD_BAN_MAX_LINES, count: words.length });
    const tooLong = words.find((w) => [...w.word].length > KEYWORD_BAN_MAX_WORD_LENGTH);
    if (tooLong) throw new AppError(400, 'keywordBanTooLong', { line: tooLong.line, max: KEYWORD_BAN_MAX_WORD_LENGTH });

    // The first of words typed alike is kept: "Nike" and "NIKE " in one paste are one word.
    const fresh = new Map<string, string>();
    for (const w of words) if (!fresh.has(normaliseWord(w.word))) fresh.set(normaliseWord(w.word), w.word);
    const duplicates = words.length - fresh.size;

    return inTransaction(async (r) => {
      const existing = await r.existing(caller.id, platform, [...fresh.keys()]);
      const toAdd = [...fresh].filter(([norm]) => !existing.has(norm));
      const kept = await r.countOf(caller.id);
      if (kept + toAdd.length > KEYWORD_BAN_MAX_WORDS)
        throw new AppError(400, 'keywordBanListFull', { max: KEYWORD_BAN_MAX_WORDS, count: kept });
      const t = now();
      await r.insertMany(toAdd.map(([word_norm, word]) => ({ owner_id: caller.id, word, word_norm, platform, action, created_at: t })));
      return { added: toAdd.length, duplicates, existing: existing.size };
    });
  }

  async function del(caller: Caller, body: ParsedBodyOf<typeof routes.keywordBanDel>) {
    const ids = [...new Set(body.ids.split(',').map(Number))];
    return inTransaction(async (r) => {
      // All or nothing: one id outside the caller's scope (or gone) and nothing is removed.
      if ((await r.remove(caller.scope, ids)) !== ids.length) throw new AppError(404, 'keywordBanNotFound');
      return { deleted: ids.length };
    });
  }

  /**
   * The words a text of the caller is checked against, for a marketplace (see repo.forCheck): the caller's
   * scope's, and a sub-account's parent's too — the business keeps one list its operators' checks and
   * exports follow (docs/domain.md#banned-words). Listing and deleting stay within the scope.
   */
  async function wordsFor(caller: Caller, platform: number | undefined): Promise<BannedWordEntry[]> {
    const accountIds = caller.parentId === null ? caller.scope.accountIds : [...caller.scope.accountIds, caller.parentId];
    const rows = await repo.forCheck({ ...caller.scope, accountIds }, platform);
    return rows.map((r) => ({ id: r.id, word: r.word, platform: r.platform, action: r.action }));
  }

  async function check(caller: Caller, body: ParsedBodyOf<typeof routes.keywordBanCheck>) {
    const platform = body.platform;
    const hits = findBannedWords(body.texts, await wordsFor(caller, platform));
    const byText = new Map<number, Map<number, KeywordBanHit>>();
    for (const h of hits) {
      const words = byText.get(h.index) ?? byText.set(h.index, new Map()).get(h.index)!;
      const hit = words.get(h.word.id) ?? words.set(h.word.id, { ...h.word, ranges: [] }).get(h.word.id)!;
      hit.ranges.push({ start: h.start, end: h.end });
    }
    return {
      list: [...byText].map(([index, words]) => ({ index, hits: [...words.values()] })),
      blocked: hits.some((h) => h.word.action === 'block'),
    };
  }

  return { list, add, del, check, wordsFor };
}
export type BannedWordsService = ReturnType<typeof createBannedWordsService>;
