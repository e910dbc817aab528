import { describe, expect, it } from 'vitest';
import {
  charCount,
  cjkPlaceholders,
  hasCjk,
  compileTitleTemplate,
  createTitleMaker,
  cutAtWord,
  fillTitle,
  GENERIC_KEYWORDS_MAX_BYTES,
  isTitleTemplateProblem,
  keywordLine,
  keywordSetProblem,
  keywordsOf,
  titleTemplateProblem,
  utf8Bytes,
  type CompiledTitle,
  type TitleValues,
} from '../src/index.js';

const values: TitleValues = {
  product_name: '纯棉T恤',
  export_name: 'Summer Vibes Graphic T-Shirt',
  material_name: 'Palm Sunset',
  color: 'Navy',
  size: 'XL',
  category: 'T-Shirts',
  shop: 'Sunny Tees',
};

const compiled = (text: string): CompiledTitle => {
  const c = compileTitleTemplate(text);
  if (isTitleTemplateProblem(c)) throw new Error(c.key);
  return c;
};

describe('title templates: placeholders', () => {
  it('fills every placeholder', () => {
    const c = compiled('{shop}: {export_name} | {product_name} {material_name} {category} {color} {size} {keyword} {keywords:2}');
    const title = fillTitle(c, values, { words: ['beach', 'gift', 'retro'], rotation: 0 }, 255, 'cut');
    expect(title).toBe('Sunny Tees: Summer Vibes Graphic T-Shirt | 纯棉T恤 Palm Sunset T-Shirts Navy XL beach gift retro');
  });

  it('refuses unknown placeholders, naming each, and stray braces', () => {
    expect(compileTitleTemplate('{export_name} {colour} {brand} {colour}')).toEqual({
      key: 'titleTemplateUnknownPlaceholder',
      params: { names: '{colour} {brand}' },
    });
    expect(compileTitleTemplate('{export_name} {color')).toEqual({ key: 'titleTemplateBrace' });
    expect(compileTitleTemplate('{keywords:0}')).toMatchObject({ key: 'titleTemplateKeywordsCount' });
    expect(compileTitleTemplate('{keywords:21}')).toMatchObject({ key: 'titleTemplateKeywordsCount' });
    expect(compileTitleTemplate('  ')).toEqual({ key: 'titleTemplateTextRequired' });
    // Spaces inside the braces are the seller's typing, not another placeholder.
    expect(fillTitle(compiled('{ color } { keywords : 1 }'), values, { words: ['a'], rotation: 0 }, 200, 'cut')).toBe('Navy a');
  });

  it('names the placeholders that fill with Chinese, as the export refuses them (hasCjk), each once in order', () => {
    const c = compiled('{shop} {product_name} {export_name} {keywords:2} {product_name} {category}');
    expect(cjkPlaceholders(c, values)).toEqual(['product_name']);
    expect(cjkPlaceholders(c, { ...values, export_name: '夏日T恤', category: 'ＴＥＥ', shop: '小店' })).toEqual([
      'shop',
      'product_name',
      'export_name',
      'category',
    ]);
    expect(cjkPlaceholders(compiled('{export_name} 夏日'), values)).toEqual([]);
  });

  it('given the title made, names only the placeholders whose Chinese is in it (not those the cut left out)', () => {
    const c = compiled('{export_name} {product_name}');
    const v = { ...values, product_name: '纯棉短袖' };
    const whole = fillTitle(c, v, null, 200, 'cut')!;
    expect(cjkPlaceholders(c, v, whole)).toEqual(['product_name']);
    // Cut before the Chinese: the title is English and names none.
    const cut = fillTitle(c, v, null, values.export_name.length + 1, 'cut')!;
    expect(hasCjk(cut)).toBe(false);
    expect(cjkPlaceholders(c, v, cut)).toEqual([]);
    // Cut within the Chinese: what is left of it still names it.
    expect(cjkPlaceholders(c, v, `${values.export_name} 纯棉`)).toEqual(['product_name']);
  });

  it('tidies the holes an empty placeholder leaves', () => {
    const c = compiled('{export_name} - {color} - {size} ({keyword})');
    expect(fillTitle(c, { ...values, color: '', size: '' }, null, 200, 'cut')).toBe('Summer Vibes Graphic T-Shirt');
    expect(fillTitle(c, { ...values, color: '' }, null, 200, 'cut')).toBe('Summer Vibes Graphic T-Shirt - XL');
    // A hyphen inside a word is not a separator.
    expect(fillTitle(compiled('{color}-{size} Tee'), { ...values, color: '' }, null, 200, 'cut')).toBe('XL Tee');
  });

  it('rotates keywords per product and never repeats one within a title', () => {
    const c = compiled('{export_name} {keyword} {keywords:2}');
    const draw = (rotation: number) => ({ words: ['beach', 'gift', 'retro', 'summer'], rotation });
    expect(fillTitle(c, values, draw(0), 200, 'cut')).toBe('Summer Vibes Graphic T-Shirt beach gift retro');
    expect(fillTitle(c, values, draw(1), 200, 'cut')).toBe('Summer Vibes Graphic T-Shirt gift retro summer');
    expect(fillTitle(c, values, draw(6), 200, 'cut')).toBe('Summer Vibes Graphic T-Shirt retro summer beach');
    // Fewer words than asked: each once.
    expect(fillTitle(compiled('{keywords:5} {keyword}'), values, { words: ['a', 'b'], rotation: 1 }, 200, 'cut')).toBe('b a');
    // No set: the keyword placeholders are empty.
    expect(fillTitle(c, values, null, 200, 'cut')).toBe('Summer Vibes Graphic T-Shirt');
  });
});

describe('title templates: the length budget', () => {
  const long = compiled('{export_name} for Men Women Kids Soft Cotton Breathable');

  it('cuts at a word boundary within the budget', () => {
    const title = fillTitle(long, values, null, 40, 'cut')!;
    expect(title).toBe('Summer Vibes Graphic T-Shirt for Men');
    expect(charCount(title)).toBeLessThanOrEqual(40);
    // Exactly at a boundary: the words before it stay whole.
    expect(cutAtWord('alpha beta gamma', 10)).toBe('alpha beta');
    // Separators left at the end go.
    expect(cutAtWord('alpha - beta gamma', 9)).toBe('alpha');
    // One long word (or text without spaces) is cut inside it.
    expect(cutAtWord('abcdefghij', 4)).toBe('abcd');
    expect(cutAtWord('纯棉短袖圆领T恤', 4)).toBe('纯棉短袖');
  });

  it('counts characters as a person does (an emoji is one)', () => {
    expect(charCount('🙂🙂ab')).toBe(4);
    expect(fillTitle(compiled('🙂🙂🙂 {size}'), values, null, 6, 'cut')).toBe('🙂🙂🙂 XL');
    expect(cutAtWord('🙂🙂🙂🙂', 2)).toBe('🙂🙂');
  });

  it('refuses an over-long title when the template says so', () => {
    expect(fillTitle(long, values, null, 40, 'refuse')).toBeNull();
    expect(fillTitle(long, values, null, 200, 'refuse')).toBe('Summer Vibes Graphic T-Shirt for Men Women Kids Soft Cotton Breathable');
  });

  it("uses the marketplace's limit, or the seller's smaller one", () => {
    const text = `{export_name} ${'word '.repeat(60)}`;
    const on = (platform: number, max_length = 0) =>
      createTitleMaker({ template: { text, overflow: 'cut', max_length }, keywords: null, shop: '', platform }).budget;
    expect([on(1), on(2), on(15), on(3)]).toEqual([200, 128, 255, 199]);
    expect(on(15, 80)).toBe(80);
    expect(on(2, 200)).toBe(128);
    const maker = createTitleMaker({ template: { text, overflow: 'cut', max_length: 0 }, keywords: null, shop: '', platform: 2 });
    expect(charCount(maker.title(values, 1)!)).toBeLessThanOrEqual(128);
  });
});

describe('keyword lines', () => {
  it('puts the own words first, then the set from the rotation, each once', () => {
    const draw = { words: ['Beach', 'gift', 'retro tee'], rotation: 1 };
    expect(keywordLine('summer beach', draw, null)).toBe('summer beach gift retro tee');
    expect(keywordLine('', { ...draw, rotation: 2 }, null)).toBe('retro tee Beach gift');
    expect(keywordLine('own', null, null)).toBe('own');
  });

  it("keeps within the large marketplace's 250 bytes of UTF-8", () => {
    const words = Array.from({ length: 80 }, (_, i) => `kw${i}`);
    const line = keywordLine('', { words, rotation: 0 }, GENERIC_KEYWORDS_MAX_BYTES);
    expect(utf8Bytes(line)).toBeLessThanOrEqual(250);
    expect(Buffer.byteLength(line, 'utf8')).toBe(utf8Bytes(line));
    expect(line.split(' ').length).toBeGreaterThan(40);
    // Multi-byte words count their bytes: a word that does not fit is skipped, a later shorter one taken.
    const cjk = keywordLine('', { words: ['夏天'.repeat(50), 'short'], rotation: 0 }, 250);
    expect(cjk).toBe('short');
    const own = keywordLine('长'.repeat(100), null, 250);
    expect(Buffer.byteLength(own, 'utf8')).toBeLessThanOrEqual(250);
  });

  it('reads a pasted list into keywords', () => {
    expect(keywordsOf('beach\n gift , Beach;  retro   tee\r\n\n')).toEqual(['beach', 'gift', 'retro tee']);
    expect(keywordSetProblem('Summer', [])).toEqual({ key: 'keywordSetEmpty' });
    expect(keywordSetProblem('Summer', ['a{b'])).toMatchObject({ key: 'keywordBadChars' });
    expect(keywordSetProblem(' ', ['a'])).toEqual({ key: 'keywordSetNameRequired' });
    expect(keywordSetProblem('Summer', ['x'.repeat(101)])).toMatchObject({ key: 'keywordTooLong' });
  });

  it('checks a template as the server does', () => {
    const ok = { name: 'Tees', template: '{export_name} {size}', overflow: 'cut', max_length: 0 };
    expect(titleTemplateProblem(ok)).toBeNull();
    expect(titleTemplateProblem({ ...ok, overflow: 'drop' })).toEqual({ key: 'titleTemplateOverflow' });
    expect(titleTemplateProblem({ ...ok, max_length: 300 })).toMatchObject({ key: 'titleTemplateMaxLength' });
    expect(titleTemplateProblem({ ...ok, template: '{nope}' })).toMatchObject({ key: 'titleTemplateUnknownPlaceholder' });
  });
});

describe('speed', () => {
  it('fills 70,000 titles and 10,000 keyword lines without building per-title garbage', () => {
    // Not a wall-clock assertion: the bench (npm run bench:export) measures; this checks the work is the expected one.
    const maker = createTitleMaker({
      template: { text: '{export_name} {material_name} {color} {size} {keywords:2} {shop}', overflow: 'cut', max_length: 0 },
      keywords: ['beach', 'gift', 'retro', 'summer', 'vintage', 'tee'],
      shop: 'Sunny Tees',
      platform: 1,
    });
    let total = 0;
    for (let p = 0; p < 10_000; p++) {
      total += maker.title({ ...values, color: '', size: '' }, p)!.length;
      for (let v = 0; v < 6; v++) total += maker.title(values, p)!.length;
      total += maker.keywords('own words', p, 250).length;
    }
    expect(total).toBeGreaterThan(0);
  });
});
