import { describe, expect, it } from 'vitest';
import { createBannedWordMatcher, findBannedWords, type BannedWordEntry } from '../src/modules/bannedWords/index.js';

/** The banned-word matcher on its own (docs/exports.md#banned-words): what a seller's title, keyword or bullet trips. */
let nextId = 1;
const w = (word: string, action: BannedWordEntry['action'] = 'block', platform = 0): BannedWordEntry => ({
  id: nextId++,
  word,
  platform,
  action,
});
const found = (texts: string[], words: BannedWordEntry[]) =>
  findBannedWords(texts, words).map((h) => [h.index, h.word.word, texts[h.index]!.slice(h.start, h.end)]);

describe('findBannedWords', () => {
  it('matches Latin words whole, never inside another word', () => {
    const words = [w('ass'), w('gun')];
    expect(found(['A world-class design', 'Classy assorted guns', 'Shotgun', 'burgundy'], words)).toEqual([]);
    expect(found(['kick ass tee', 'ass', 'gun: the tee'], words)).toEqual([
      [0, 'ass', 'ass'],
      [1, 'ass', 'ass'],
      [2, 'gun', 'gun'],
    ]);
  });

  it('ignores case both ways and answers with the text as written', () => {
    const words = [w('Nike'), w('DISNEY')];
    expect(found(['NIKE style', 'nike', 'Disney princess'], words)).toEqual([
      [0, 'Nike', 'NIKE'],
      [1, 'Nike', 'nike'],
      [2, 'DISNEY', 'Disney'],
    ]);
  });

  it('treats punctuation, spaces and the text ends as boundaries, letters and digits not', () => {
    const words = [w('nike')];
    expect(found(['(nike)', 'nike,adidas', "nike's tee", 'nike-style', '"Nike"!', 'nike\tshirt'], words).map((h) => h[0])).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    expect(found(['nike2', '2nike', 'nikes', 'unike', 'nike_x', 'nikë', 'Ênike'], words)).toEqual([]);
  });

  it('matches a phrase of several words whole and keeps inner spacing as one space', () => {
    const words = [w('  Hello   Kitty ')];
    expect(found(['my hello kitty tee', 'hellokitty', 'hello kittyland'], words)).toEqual([[0, '  Hello   Kitty ', 'hello kitty']]);
  });

  it('matches CJK words anywhere in the text, and a Latin word next to CJK characters', () => {
    const words = [w('耐克'), w('迪士尼'), w('nike'), w('ナイキ')];
    expect(found(['正品耐克运动鞋', '迪士尼公主T恤', '耐克nike鞋', 'ナイキのシャツ'], words)).toEqual([
      [0, '耐克', '耐克'],
      [1, '迪士尼', '迪士尼'],
      [2, '耐克', '耐克'],
      [2, 'nike', 'nike'],
      [3, 'ナイキ', 'ナイキ'],
    ]);
  });

  it('a mixed word is bounded on its Latin edge only', () => {
    const words = [w('nike鞋')];
    expect(found(['新款nike鞋子', 'Nike鞋'], words).map((h) => h[2])).toEqual(['nike鞋', 'Nike鞋']);
    expect(found(['unike鞋'], words)).toEqual([]);
  });

  it('reports overlapping and nested words, every occurrence, in text order', () => {
    const words = [w('hello kitty'), w('kitty'), w('迪士尼'), w('士尼')];
    const texts = ['hello kitty and kitty', '迪士尼'];
    expect(found(texts, words)).toEqual([
      [0, 'hello kitty', 'hello kitty'],
      [0, 'kitty', 'kitty'],
      [0, 'kitty', 'kitty'],
      [1, '迪士尼', '迪士尼'],
      [1, '士尼', '士尼'],
    ]);
    const hits = findBannedWords(texts, words).filter((h) => h.word.word === 'kitty');
    expect(hits.map((h) => h.start)).toEqual([6, 16]);
  });

  it('gives each stored word its own hit and action when the same word is kept for two marketplaces', () => {
    const all = w('gucci', 'strip', 0);
    const a = w('GUCCI', 'block', 2);
    const hits = findBannedWords(['Gucci bag'], [all, a]);
    expect(hits.map((h) => [h.word.id, h.word.action, h.start, h.end])).toEqual([
      [all.id, 'strip', 0, 5],
      [a.id, 'block', 0, 5],
    ]);
  });

  it('keeps offsets right after emoji and characters whose case changes length', () => {
    const words = [w('cat')];
    const texts = ['😀 cat', 'İ cat'];
    expect(findBannedWords(texts, words).map((h) => texts[h.index]!.slice(h.start, h.end))).toEqual(['cat', 'cat']);
  });

  it('matches a phrase across spaces, hyphens, underscores and dashes between its words, never run together', () => {
    const words = [w('best seller')];
    const texts = ['Best-Seller tee', 'best  seller', 'best_seller', 'best \u2013 seller', 'best\tseller', 'bestseller', 'best-sellers'];
    expect(found(texts, words)).toEqual([
      [0, 'best seller', 'Best-Seller'],
      [1, 'best seller', 'best  seller'],
      [2, 'best seller', 'best_seller'],
      [3, 'best seller', 'best \u2013 seller'],
      [4, 'best seller', 'best\tseller'],
    ]);
    // The word as the seller typed it may hold a hyphen or an underscore: it matches the spaced form too.
    expect(found(['Top best seller 2024', 'the best--seller'], [w('Best-Seller')]).map((h) => h[2])).toEqual([
      'best seller',
      'best--seller',
    ]);
    expect(found(['best seller'], [w('best_seller')]).map((h) => h[2])).toEqual(['best seller']);
  });

  it('keeps a word whole at its edges: an underscore still continues a word, a hyphen or a space ends it', () => {
    const words = [w('seller')];
    expect(found(['best_seller', 'best-seller', 'best  seller'], words).map((h) => h[0])).toEqual([1, 2]);
  });

  it('cuts a strip phrase across separators from the text as written', () => {
    const texts = ['Top  best -- seller tee'];
    const [hit] = findBannedWords(texts, [w('best seller', 'strip')]);
    expect(texts[0]!.slice(hit!.start, hit!.end)).toBe('best -- seller');
  });

  it('handles many words in one pass and no words at all', () => {
    const many = Array.from({ length: 5000 }, (_, i) => w(`brand${i}`));
    const matcher = createBannedWordMatcher(many);
    expect(matcher.find(['a brand4999 tee', 'brand10x', 'brand1 and brand12']).map((h) => h.word.word)).toEqual([
      'brand4999',
      'brand1',
      'brand12',
    ]);
    expect(findBannedWords(['anything'], [])).toEqual([]);
    expect(findBannedWords(['', 'x'], [w('   ')])).toEqual([]);
  });
});
