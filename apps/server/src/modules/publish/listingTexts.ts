import { hasCjk, type PublishPlatform } from '@app/contract';
import type { BannedWordEntry, BannedWordMatcher } from '../bannedWords/index.js';
import { attributeList } from './adapters/aliexpressRules.js';
import type { Listing, PreflightReason } from './adapters/types.js';
import type { PublishProduct } from './listing.js';

/**
 * The listing-text check of the publish pre-flight (docs/publishing.md#listing-texts): every text the listing sends —
 * title, description, the colour and size values of the sales attributes, the template's attribute values — must be
 * English (both marketplaces list in English here), and the attribute values pass the banned-word screen like the
 * title. Each reason names the field and the text; the marketplace's own limits (lengths, counts) are the adapter's
 * `validate()`.
 */

const QUOTE_MAX = 60;
const quote = (text: string) => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);
/** The description's text, without its tags and entities: only what a buyer reads is checked. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function listingTextReasons(
  platform: PublishPlatform,
  product: PublishProduct,
  listing: Listing,
  matcher: BannedWordMatcher<BannedWordEntry> | null,
): PreflightReason[] {
  const out: PreflightReason[] = [];
  const cjk = (field: string, text: string, params: Record<string, string> = {}) => {
    if (hasCjk(text)) out.push({ key: 'listingTextCjk', params: { field, text: quote(text), ...params } });
  };
  // B's adapter refuses a Chinese title in its own words (tiktokTitleChinese); A's is checked here.
  if (platform === 2) cjk('publishFieldTitle', listing.title);
  const description = textOf(listing.description);
  const firstCjk = /[^\s]*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}][^\s]*/u.exec(description);
  if (firstCjk) out.push({ key: 'listingTextCjk', params: { field: 'publishFieldDescription', text: quote(firstCjk[0]) } });

  const colours = new Map<string, string>();
  const sizes = new Map<string, string>();
  for (const s of product.skus) {
    colours.set(s.color, s.ownColor ?? s.color);
    sizes.set(s.size, s.ownSize ?? s.size);
  }
  for (const [en, own] of colours) if (hasCjk(en)) out.push({ key: 'listingColourNotEnglish', params: { color: own, text: quote(en) } });
  for (const [en, own] of sizes) if (hasCjk(en)) out.push({ key: 'listingSizeNotEnglish', params: { size: own, text: quote(en) } });

  // A's template attributes go out as the product's attribute_list; their custom values are text a buyer reads.
  if (platform === 2) {
    const attributes = (attributeList(listing.template.attributes) ?? []).filter(
      (a): a is { attribute_name?: string; attribute_value: string } => typeof a.attribute_value === 'string',
    );
    for (const a of attributes) {
      const name = a.attribute_name ?? '';
      if (hasCjk(a.attribute_value))
        out.push({ key: 'listingTextCjk', params: { field: 'publishFieldAttribute', name, text: quote(a.attribute_value) } });
    }
    if (matcher && attributes.length) {
      const seen = new Set<string>();
      for (const h of matcher.find(attributes.map((a) => a.attribute_value))) {
        if (h.word.action !== 'block' || seen.has(h.word.word)) continue;
        seen.add(h.word.word);
        out.push({
          key: 'publishBannedWord',
          params: { word: h.word.word, field: 'publishFieldAttribute', name: attributes[h.index]!.attribute_name ?? '' },
        });
      }
    }
  }
  return out;
}
