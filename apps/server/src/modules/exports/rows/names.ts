import type { Layout, Product, Reason, RowContext } from './context.js';
import { cutRanges } from './cut.js';

/**
 * The banned-word 'strip' rule on colour and size names (docs/exports.md#banned-words), as on titles: each match
 * cut out of the listing name. A name the cut leaves empty refuses the product naming the field (nothing to list
 * the variant as). 'block' words are the listing-text check's (listingTexts.ts).
 */
export function stripNames(p: Product, layout: Layout, banned: RowContext['banned']): { product: Product; reasons: Reason[] } {
  if (!banned) return { product: p, reasons: [] };
  const listed = p.colours.filter((c) => c.variants.length > 0);
  const colours = [...new Set(listed.map((c) => c.en))];
  const sizes = [...new Set(listed.flatMap((c) => c.variants.map((v) => v.sizeEn)))];
  const names = [...colours, ...sizes];
  const cuts = new Map<number, { start: number; end: number }[]>();
  const words = new Map<number, string>();
  for (const h of banned.find(names)) {
    if (h.word.action !== 'strip') continue;
    (cuts.get(h.index) ?? cuts.set(h.index, []).get(h.index)!).push({ start: h.start, end: h.end });
    if (!words.has(h.index)) words.set(h.index, h.word.word);
  }
  if (cuts.size === 0) return { product: p, reasons: [] };
  const renamed = new Map<string, string>();
  const reasons: Reason[] = [];
  for (const [i, ranges] of cuts) {
    const name = names[i]!;
    const out = cutRanges(name, ranges);
    const colour = i < colours.length;
    if (out === '') {
      const field = layout === 'amazon' ? (colour ? 'color_name' : 'size_name') : colour ? 'color' : 'size';
      reasons.push({ key: 'listingNameEmptiedByBannedWord', params: { field, text: name, word: words.get(i)! } });
    } else renamed.set(`${colour ? 'c' : 's'}\0${name}`, out);
  }
  if (reasons.length) return { product: p, reasons };
  const colourOf = (en: string) => renamed.get(`c\0${en}`) ?? en;
  const sizeOf = (en: string) => renamed.get(`s\0${en}`) ?? en;
  // Two names the cut makes alike would list two variants as one colour × size, which marketplaces refuse.
  const alike = (kind: 'c' | 's', originals: string[], final: (en: string) => string) => {
    const firstOf = new Map<string, string>();
    for (const name of originals) {
      const out = final(name);
      const other = firstOf.get(out);
      if (other === undefined) firstOf.set(out, name);
      else if (renamed.has(`${kind}\0${name}`) || renamed.has(`${kind}\0${other}`)) {
        const colour = kind === 'c';
        const field = layout === 'amazon' ? (colour ? 'color_name' : 'size_name') : colour ? 'color' : 'size';
        const cut = renamed.has(`${kind}\0${name}`) ? name : other;
        const word = words.get(colour ? colours.indexOf(cut) : colours.length + sizes.indexOf(cut)) ?? '';
        reasons.push({ key: 'listingNamesAlikeAfterBannedWord', params: { field, text: name, other, word, name: out } });
        return;
      }
    }
  };
  alike('c', colours, colourOf);
  alike('s', sizes, sizeOf);
  if (reasons.length) return { product: p, reasons };
  return {
    product: {
      ...p,
      colours: p.colours.map((c) => ({ ...c, en: colourOf(c.en), variants: c.variants.map((v) => ({ ...v, sizeEn: sizeOf(v.sizeEn) })) })),
    },
    reasons: [],
  };
}
