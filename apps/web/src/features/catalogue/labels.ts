import { PRODUCT_TAG_OPTIONS, type Lang } from '@app/contract';

/** A product's search tag code (docs/domain.md#catalogue-codes) as its label; undefined when untagged. */
export function tagLabel(code: number | null, lang: Lang): string | undefined {
  if (code === null) return undefined;
  return PRODUCT_TAG_OPTIONS.find((o) => o.value === code)?.label[lang];
}

/** Prices are yuan with at most two decimals; whole prices show without them. */
export const formatPrice = (price: number): string => (Number.isInteger(price) ? String(price) : price.toFixed(2));
