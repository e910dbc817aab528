import AhoCorasick from 'modern-ahocorasick';

/**
 * Banned-word matching (issue 14; docs/domain.md#banned-words), one Aho–Corasick pass per text however many
 * words: Latin words match whole words only and ignoring case ("ass" never hits "class", "Nike" hits
 * "nike's"), CJK words match anywhere (Chinese and Japanese are written without spaces); the words of a
 * phrase match across spaces, hyphens and underscores ("best seller" hits "best-seller", "best  seller",
 * "best_seller", never "bestseller"). The export calls
 * `createBannedWordMatcher` once and `find` per product; the check call uses `findBannedWords`.
 */

export interface BannedWordEntry {
  id: number;
  word: string;
  platform: number;
  action: 'block' | 'strip';
}

/** One occurrence: which text (index in the input), which word, where (UTF-16 offsets, end exclusive). */
export interface BannedWordHit<W extends BannedWordEntry = BannedWordEntry> {
  index: number;
  word: W;
  start: number;
  end: number;
}

/** Scripts written without spaces: a word's edge in one of these needs no word boundary. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A character that continues a word (letters, digits, combining marks, _), outside the unspaced scripts. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c) && !UNSPACED.test(c);

/** The code point ending just before `at` (a surrogate pair read whole). */
function charBefore(text: string, at: number): string | undefined {
  if (at <= 0) return undefined;
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) return text.slice(at - 2, at);
  return text[at - 1];
}
const charAt = (text: string, at: number) => (at < text.length ? String.fromCodePoint(text.codePointAt(at)!) : undefined);

/**
 * Lower case, keeping every UTF-16 offset where it was (a character whose lower case has another length,
 * such as 'İ', stays as it is), so a hit's offsets are offsets in the seller's own text.
 */
export function foldCase(text: string): string {
  // Plain ASCII (most listing text) keeps its length in lower case: one call, not one string per character.
  // eslint-disable-next-line no-control-regex -- the ASCII range is the point
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  let out = '';
  for (const c of text) {
    const lower = c.toLowerCase();
    out += lower.length === c.length ? lower : c;
  }
  return out;
}

/** A word as it is compared and kept unique: trimmed, inner spaces collapsed, case folded. */
export const normaliseWord = (word: string) => foldCase(word.trim().replace(/\s+/g, ' '));

/**
 * Separators between the words of a phrase (docs/exports.md#banned-words): whitespace, the hyphen-minus, the
 * underscore and the Unicode hyphens and dashes (U+2010–U+2015). Any run of them matches any other.
 */
const SEPARATOR = /[\s\-_\u2010-\u2015]/;
/** A text needing more than case folding: a separator other than one plain space, or a run of them. */
const NEEDS_COMPACTING = /[^\S ]|[-_\u2010-\u2015]|\s{2}/;

/**
 * A case-folded text with every run of separators made one space, and where each of its UTF-16 units came from
 * in the text (null: nowhere compacted, offsets unchanged — most titles, the fast path).
 */
export function foldForMatch(text: string): { folded: string; at: number[] | null } {
  const lower = foldCase(text);
  if (!NEEDS_COMPACTING.test(lower)) return { folded: lower, at: null };
  let folded = '';
  const at: number[] = [];
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i]!;
    if (SEPARATOR.test(c)) {
      if (folded.endsWith(' ')) continue;
      folded += ' ';
    } else folded += c;
    at.push(i);
  }
  return { folded, at };
}

/** A banned word as matched: case folded, separators made one space, trimmed ("Best-Seller" → "best seller"). */
export const matchPattern = (word: string) => foldForMatch(word).folded.trim();

export interface BannedWordMatcher<W extends BannedWordEntry> {
  /** Every occurrence of every word in every text, by text then position. */
  find(texts: readonly string[]): BannedWordHit<W>[];
}

export function createBannedWordMatcher<W extends BannedWordEntry>(words: readonly W[]): BannedWordMatcher<W> {
  // One dictionary entry per distinct folded word; the words sharing it (one per marketplace) ride along.
  const byPattern = new Map<string, W[]>();
  for (const w of words) {
    const pattern = matchPattern(w.word);
    if (pattern === '') continue;
    const same = byPattern.get(pattern);
    if (same) same.push(w);
    else byPattern.set(pattern, [w]);
  }
  const entries = [...byPattern].map(([pattern, data]) => ({
    pattern,
    data: {
      words: data,
      boundedStart: !UNSPACED.test(charAt(pattern, 0)!),
      boundedEnd: !UNSPACED.test(charBefore(pattern, pattern.length)!),
    },
  }));
  const ac = new AhoCorasick(entries);

  return {
    find(texts) {
      const hits: BannedWordHit<W>[] = [];
      texts.forEach((text, index) => {
        if (!text || entries.length === 0) return;
        const { folded, at } = foldForMatch(text);
        for (const m of ac.search(folded)) {
          const { words: ws, boundedStart, boundedEnd } = m.data!;
          // Offsets in the seller's own text (a compacted run of separators spans its whole run).
          const start = at ? at[m.start]! : m.start;
          const end = at ? at[m.end - 1]! + 1 : m.end;
          // A Latin edge must not continue a word of the text: "ass" in "class" or "classy" is no hit. Read in
          // the text itself: an underscore continues a word there, though it separates a phrase's words.
          if (boundedStart && isWordChar(charBefore(text, start))) continue;
          if (boundedEnd && isWordChar(charAt(text, end))) continue;
          for (const word of ws) hits.push({ index, word, start, end });
        }
      });
      return hits.sort((a, b) => a.index - b.index || a.start - b.start || b.end - a.end || a.word.id - b.word.id);
    },
  };
}

/** The banned words occurring in these texts (see createBannedWordMatcher). */
export function findBannedWords<W extends BannedWordEntry>(texts: readonly string[], words: readonly W[]): BannedWordHit<W>[] {
  return createBannedWordMatcher(words).find(texts);
}
