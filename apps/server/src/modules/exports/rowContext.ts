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
 * The row context of an export; `fresh` receives each image (name, source blob, watermarked) the first time
 * it is written in this run, `seen` remembers the names.
 */
export function createRowContext(inputs: RowContextInputs, seen: Set<string>, fresh: FreshImage[]): RowContext {
  const { params: p, domain } = inputs;
  const nameOf = publicImageNamer(inputs.publicNameKey);
  return {
    layout: p.layout,
    template: p.template,
    pricing: p.pricing,
    watermark: p.watermark.rule,
    banned: inputs.words.length ? createBannedWordMatcher(inputs.words) : null,
    // Compiled once per export (docs/listing-tools.md#titles); records made before title templates have none.
    titles: p.titles ? { maker: createTitleMaker(p.titles), shop: p.titles.shop } : null,
    imageUrl(blob, watermarked) {
      // Only images the caller may read are published (a product row may name another owner's blob).
      if (!mayRead(blobRule(blob), p.caller.scope)) return null;
      const wm = watermarked && p.watermark.id > 0;
      const name = nameOf(blob, { watermarkId: wm ? p.watermark.id : 0, watermarkVersion: wm ? p.watermark.version : 0 });
      if (!seen.has(name)) {
        seen.add(name);
        fresh.push({ name, blob, watermarked: wm });
      }
      return publicImageUrl(domain, name);
    },
  };
}
