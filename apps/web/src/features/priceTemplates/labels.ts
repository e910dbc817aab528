import { currencyLabel, formatMoney, fractionToPercent, type Lang, type PriceRounding, type PriceTemplateNumbers } from '@app/contract';
import type { StringKey } from '../../app/i18n';

/** A pricing template's marketplace by platform code (docs/pricing-templates.md#rules-and-storage). */
export const platformKey = (type: number): StringKey =>
  type === 2 ? 'priceTpl.platform.2' : type === 3 ? 'priceTpl.platform.3' : type === 15 ? 'priceTpl.platform.15' : 'priceTpl.platform.1';
export const roundingKey = (r: PriceRounding): StringKey => `priceTpl.rounding.${r}`;

/** A currency's name and sign: 美元 ($), 人民币 (元), Pound sterling (£). */
export function currencyText(code: string, lang: Lang) {
  const { name, symbol } = currencyLabel(code, lang);
  return `${name} (${symbol})`;
}

/** An amount with its currency code beside it, in its decimals: 15.43 USD, 1499 JPY (docs/pricing-templates.md#currencies). */
export const money = (amount: number, code: string) => formatMoney(amount, code);

/** The template's numbers in the form the formula is written with (percents). */
export const formulaParams = (t: PriceTemplateNumbers) => ({
  shipping: t.shipping,
  rate: t.exchange_rate,
  margin: fractionToPercent(t.margin),
  fee: fractionToPercent(t.platform_fee),
  tax: fractionToPercent(t.tax_rate),
});

/**
 * The pricing templates a shop's select offers, named: a template of another marketplace (a first type-1 or type-2
 * one offered to a Walmart or TikTok Shop shop, docs/pricing-templates.md#which-templates-a-shop-is-offered) says
 * which after its name, so the seller sees what it was made for.
 */
export function priceTemplateOptions(
  list: readonly { id: number; name: string; platform_type: number }[] | undefined,
  platform: number | undefined,
  t: (key: StringKey) => string,
): { id: number; name: string }[] | undefined {
  return list?.map((p) =>
    platform === undefined || p.platform_type === platform ? p : { id: p.id, name: `${p.name}（${t(platformKey(p.platform_type))}）` },
  );
}
