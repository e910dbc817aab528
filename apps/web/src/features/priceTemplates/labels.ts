import { currencyLabel, fractionToPercent, type Lang, type PriceRounding, type PriceTemplateNumbers } from '@app/contract';
import type { StringKey } from '../../app/i18n';

export const platformKey = (type: number): StringKey => (type === 2 ? 'priceTpl.platform.2' : 'priceTpl.platform.1');
export const roundingKey = (r: PriceRounding): StringKey => `priceTpl.rounding.${r}`;

/** CNY shows as RMB / 元, anything else as USD / $ (docs/pricing-templates.md#rules-and-storage). */
export function currencyText(code: string, lang: Lang) {
  const { name, symbol } = currencyLabel(code, lang);
  return `${name} (${symbol})`;
}

/** An amount with its currency sign: ¥15.43 / 15.43元, $15.43. */
export function money(amount: number, code: string, lang: Lang) {
  const { symbol } = currencyLabel(code, lang);
  return symbol === '元' ? `${amount}${symbol}` : `${symbol}${amount}`;
}

/** The template's numbers in the form the formula is written with (percents). */
export const formulaParams = (t: PriceTemplateNumbers) => ({
  shipping: t.shipping,
  rate: t.exchange_rate,
  margin: fractionToPercent(t.margin),
  fee: fractionToPercent(t.platform_fee),
  tax: fractionToPercent(t.tax_rate),
});
