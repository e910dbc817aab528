import type { DesignArea, ProductSku } from './catalogue.js';

/**
 * How the product pages name a blank's parts, apart from catalogue.ts's schemas so a page showing a blank loads no
 * zod (docs/web.md#where-the-bytes-go): the back office's product page, the editor and the phone's product page.
 */

/**
 * A design area's name in each language (docs/editor.md#the-screen): its own name when the catalogue says to show it,
 * else 图层N / Layer N by its position. The editor's tabs and the product page name areas by this one rule.
 */
export function designAreaName(area: Pick<DesignArea, 'diy_layername' | 'show_diy_layername'>, index: number): { zh: string; en: string } {
  if (area.show_diy_layername === 1 && area.diy_layername.trim() !== '') return { zh: area.diy_layername, en: area.diy_layername };
  return { zh: `图层${index + 1}`, en: `Layer ${index + 1}` };
}

/** A blank's colours in the order its SKUs first name them: the product pages' swatches. */
export function skuColors(skus: readonly Pick<ProductSku, 'color' | 'color_code'>[]): { name: string; code: string }[] {
  const seen = new Map<string, string>();
  for (const s of skus) if (!seen.has(s.color)) seen.set(s.color, s.color_code);
  return [...seen].map(([name, code]) => ({ name, code }));
}
