import type { PriceTemplateNumbers } from '@app/contract';
import { createTitleMaker } from '@app/contract';
import type { ImageDomainConfig } from '../../config.js';
import { blobRule, mayRead } from '../../storage/blobAccess.js';
import { createBannedWordMatcher, type BannedWordEntry } from '../bannedWords/index.js';
import type { ExportParams, FreshImage } from './params.js';
import { publicImageNamer, publicImageUrl } from './publicImages.js';
import type { RowContext } from './rows.js';

/**
 * What an export's rows are built from, as plain data: the job hands it to the file thread (writerWorker.ts),
 * which builds the same context the preview builds here on the API's thread.
 */
export interface RowContextInputs {
  params: ExportParams;
  /** The seller's banned words for the shop's marketplace (and all). */
  words: BannedWordEntry[];
  /** Key of the public image names (publicImages.ts). */
  publicNameKey: string;
  /** The image domain the file's image URLs are written on. */
  domain: ImageDomainConfig;
}

/**
 * The params' pricing. A record written before template 0 was built in holds a template's bare numbers (priced as
 * before, in USD) or null (the stored price then; no rate was captured, so its job cannot price and fails).
 */
function pricingOf(p: ExportParams['pricing'] | PriceTemplateNumbers | null): ExportParams['pricing'] {
  if (p && 'template' in p) return p;
  if (p) return { template: { ...p, currency_code: p.currency_code ?? 'USD' }, rules: [] };
  throw new Error('export params hold no pricing (written before template 0 was built in): export again');
}

/**
 * The row context of an export; `fresh` receives each image (name, source blob, watermarked) the first time
 * it is written in this run, `seen` remembers the names.
 */
export function createRowContext(inputs: RowContextInputs, seen: Set<string>, fresh: FreshImage[]): RowContext {
  const { params: p, domain } = inputs;
  const nameOf = publicImageNamer(inputs.publicNameKey);
  return {
    layout: p.layout,
    template: p.template,
    pricing: pricingOf(p.pricing),
    stock: p.stock ?? { quantity: p.template.quantity, handlingDays: null },
    watermark: p.watermark.rule,
    banned: inputs.words.length ? createBannedWordMatcher(inputs.words) : null,
    txt: p.format === 9,
    // Compiled once per export (docs/listing-tools.md#titles); records made before title templates have none.
    titles: p.titles ? { maker: createTitleMaker(p.titles), shop: p.titles.shop } : null,
    imageUrl(blob, watermarked, owner) {
      // Only images the caller may read are published (a product row may name another owner's blob).
      if (!mayRead(blobRule(blob), p.caller.scope)) return null;
      const wm = watermarked && p.watermark.id > 0;
      const name = nameOf(blob, { watermarkId: wm ? p.watermark.id : 0, watermarkVersion: wm ? p.watermark.version : 0 });
      if (!seen.has(name)) {
        seen.add(name);
        fresh.push({ name, blob, watermarked: wm, owner });
      }
      return publicImageUrl(domain, name);
    },
  };
}
