import Decimal from 'decimal.js';

/**
 * The listing currencies (docs/pricing-templates.md#currencies): the currencies of the marketplace sites the
 * templates offer (TEMPLATE_SITES: US, CA, MX, UK, DE/FR/IT/ES, JP, AU) and CNY, with how many decimals a price
 * has in each (JPY none) and how a screen names it. The server and the web read the same table, so a price is
 * rounded and shown alike everywhere.
 */

interface CurrencyInfo {
  /** Decimals of a price in this currency (its minor unit): JPY has none. */
  decimals: number;
  symbol: string;
  zh: string;
  en: string;
}

export const CURRENCIES = {
  USD: { decimals: 2, symbol: '$', zh: '美元', en: 'US dollar' },
  GBP: { decimals: 2, symbol: '£', zh: '英镑', en: 'Pound sterling' },
  EUR: { decimals: 2, symbol: '€', zh: '欧元', en: 'Euro' },
  JPY: { decimals: 0, symbol: 'JP¥', zh: '日元', en: 'Japanese yen' },
  CAD: { decimals: 2, symbol: 'C$', zh: '加元', en: 'Canadian dollar' },
  AUD: { decimals: 2, symbol: 'A$', zh: '澳元', en: 'Australian dollar' },
  MXN: { decimals: 2, symbol: 'MX$', zh: '墨西哥比索', en: 'Mexican peso' },
  CNY: { decimals: 2, symbol: '¥', zh: '人民币', en: 'Chinese yuan' },
} as const satisfies Record<string, CurrencyInfo>;

/** The codes, in the order a currency list shows them (USD first: most shops list in it). */
export const PRICE_CURRENCIES = ['USD', 'GBP', 'EUR', 'JPY', 'CAD', 'AUD', 'MXN', 'CNY'] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];
export const isPriceCurrency = (code: string): code is PriceCurrency => (PRICE_CURRENCIES as readonly string[]).includes(code);

/** The currency a listing is priced in when nothing else says: the sandboxes' and most shops' USD. */
export const DEFAULT_LISTING_CURRENCY: PriceCurrency = 'USD';

/** Each template site's currency (docs/pricing-templates.md#currencies); a site not listed lists in USD. */
export const SITE_CURRENCIES: Record<string, PriceCurrency> = {
  US: 'USD',
  CA: 'CAD',
  MX: 'MXN',
  UK: 'GBP',
  DE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  JP: 'JPY',
  AU: 'AUD',
};
export const siteCurrency = (site: string | null | undefined): PriceCurrency =>
  SITE_CURRENCIES[(site ?? '').toUpperCase()] ?? DEFAULT_LISTING_CURRENCY;

/** Decimals of a price in `code` (2 for a code we do not know). */
export const currencyDecimals = (code: string): number => (isPriceCurrency(code) ? CURRENCIES[code].decimals : 2);

/** A currency's name and sign in the reader's language (人民币 / 元 for CNY in Chinese). */
export function currencyLabel(code: string, lang: 'zh' | 'en'): { name: string; symbol: string } {
  if (!isPriceCurrency(code)) return { name: code, symbol: code };
  const c = CURRENCIES[code];
  if (code === 'CNY' && lang === 'zh') return { name: c.zh, symbol: '元' };
  return { name: lang === 'zh' ? c.zh : c.en, symbol: c.symbol };
}

/**
 * A price as every screen shows it: its currency's decimals, then the code (15.43 USD, 1599 JPY, 29.00 CNY).
 * The code beside the amount leaves no doubt which currency a listing carries.
 */
export function formatMoney(amount: number | string, code: string): string {
  return `${new Decimal(amount).toFixed(currencyDecimals(code), Decimal.ROUND_HALF_UP)} ${code}`;
}

/**
 * An amount as a page's figure shows it, beside its currency's sign: the currency's decimals (half up), thousands
 * grouped, and a + when `signed` asks for one ("1050.5" → "1,050.50"; "-12.3" → "-12.30"). Exact: no float.
 */
export function moneyText(amount: Decimal.Value, signed = false, code = 'CNY'): string {
  const value = new Decimal(amount).toDecimalPlaces(currencyDecimals(code), Decimal.ROUND_HALF_UP);
  const [whole = '0', frac] = value.abs().toFixed(currencyDecimals(code)).split('.');
  const body = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
  return value.isNegative() && !value.isZero() ? `-${body}` : signed ? `+${body}` : body;
}

/** An amount to its currency's minor unit, half up, exactly (1.005 CNY → 1.01). */
export const roundMoney = (amount: number, code: string): number =>
  new Decimal(amount).toDecimalPlaces(currencyDecimals(code), Decimal.ROUND_HALF_UP).toNumber();
