import { colourFamilyOf, englishColourName, englishSizeName, type ColorFamily } from '@app/contract';
import { ONE_SIZE, type ProductManifest } from './manifest.js';

/** A blank's colours and sizes in English, as the import stores them on its SKUs. */
export interface BlankListingNames {
  colours: Map<string, { en: string; family: ColorFamily }>;
  sizes: Map<string, string>;
}

/**
 * The English names of a manifest's colours and sizes (docs/catalogue-format.md#colours-and-sizes-in-english): the
 * manifest's own `en` / `family` / `sizeNames`, else derived — a Latin name is its own English name, common Chinese
 * colour and size names have built-in ones, the family comes from the name or the code's hue. A colour or size left
 * without an English name is a problem naming it (`at` prefixes the file), so an import never writes a Chinese
 * name where a marketplace expects English.
 */
export function blankListingNames(m: ProductManifest, at: (field: string) => string): { names: BlankListingNames; problems: string[] } {
  const problems: string[] = [];
  const colours = new Map<string, { en: string; family: ColorFamily }>();
  m.colors.forEach((c, i) => {
    const en = c.en ?? englishColourName(c.name);
    if (en === undefined) {
      problems.push(at(`colors[${i}].en: the colour "${c.name}" has no English name; add "en" (its listing name, e.g. "Haze Blue")`));
      return;
    }
    colours.set(c.name, { en, family: c.family ?? colourFamilyOf(c.name, c.code) });
  });
  const sizes = new Map<string, string>();
  for (const s of Object.keys(m.sizeNames)) if (!m.sizes.includes(s)) problems.push(at(`sizeNames.${s}: not one of sizes`));
  for (const size of m.sizes.length ? m.sizes : [ONE_SIZE]) {
    const en = m.sizeNames[size] ?? englishSizeName(size);
    if (en === undefined)
      problems.push(at(`sizes: the size "${size}" has no English name; add it to "sizeNames" (e.g. "${size}": "Large")`));
    else sizes.set(size, en);
  }
  return { names: { colours, sizes }, problems };
}
