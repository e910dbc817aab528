/**
 * The sandbox's small list of prohibited words for `aliexpress.postproduct.redefining.findaeproductprohibitedwords`
 * (docs/marketplace-a.md#prohibited-words). AliExpress's types keep its own spelling, FORBIDEN_TYPE with one D
 * (its SDK's documentation of the answer); the words are the sandbox's choice, one or two per type.
 */
export type ProhibitedType = 'FORBIDEN_TYPE' | 'RESTRICT_TYPE' | 'BRAND_TYPE' | 'TORT_TYPE';

const WORDS: readonly { word: string; types: readonly ProhibitedType[] }[] = [
  { word: 'cocaine', types: ['FORBIDEN_TYPE'] },
  { word: 'gun', types: ['FORBIDEN_TYPE'] },
  { word: 'e-cigarette', types: ['RESTRICT_TYPE'] },
  { word: 'lighter', types: ['RESTRICT_TYPE'] },
  { word: 'nike', types: ['BRAND_TYPE'] },
  { word: 'adidas', types: ['BRAND_TYPE'] },
  { word: 'pokemon', types: ['TORT_TYPE'] },
  { word: 'disney', types: ['BRAND_TYPE', 'TORT_TYPE'] },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Whole words only, so "gun" does not flag "burgundy"; letters of any script count as word characters.
const PATTERNS = WORDS.map((w) => ({ ...w, re: new RegExp(`(?<![\\p{L}\\p{N}])${escape(w.word)}(?![\\p{L}\\p{N}])`, 'iu') }));

/** The words of the list found in `text`, each once, as `{primary_word, types}`. */
export function prohibitedWordsIn(text: string): { primary_word: string; types: ProhibitedType[] }[] {
  return PATTERNS.filter((p) => p.re.test(text)).map((p) => ({ primary_word: p.word, types: [...p.types] }));
}
