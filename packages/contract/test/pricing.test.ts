import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PRICING,
  builtInTemplate,
  priceChain,
  priceFor,
  type PriceRuleNumbers,
  type PriceTemplateNumbers,
} from '../src/pricing.js';
import { formatMoney, moneyText, siteCurrency } from '../src/currencies.js';
import { priceRuleProblem, type PriceRuleFields } from '../src/priceRules.js';

/** Rates as the seed file holds them (CNY per unit). */
const rates = { USD: 7.1, GBP: 9.2, EUR: 7.8, JPY: 0.048, CAD: 5.2, AUD: 4.7, MXN: 0.39 };

describe('pricing template 0 (the built-in default)', () => {
  it('lists a ¥29 mug in USD at the rate, with the margin, the fee and the .99 rounding — not 29.00', () => {
    // TikTok Shop: 29 / 7.1 / (1 − 0.30 − 0.08) = 6.588… → 6.99
    expect(priceFor(null, 29, { builtIn: { platform: 15, currency: 'USD', rates } })).toEqual({ price: 6.99, crossedOut: null });
    // The large marketplace's 15 % fee: 29 / 7.1 / 0.55 = 7.426… → 7.99
    expect(priceFor(null, 29, { builtIn: { platform: 1, currency: 'USD', rates } }).price).toBe(7.99);
    // AliExpress in GBP: 29 / 9.2 / 0.62 = 5.084… → 5.99
    expect(priceFor(null, 29, { builtIn: { platform: 2, currency: 'GBP', rates } }).price).toBe(5.99);
  });

  it('is the same numbers as builtInTemplate, and needs a rate for its currency', () => {
    expect(builtInTemplate(3, 'EUR', rates)).toMatchObject({
      exchange_rate: 7.8,
      margin: 0.3,
      platform_fee: 0.15,
      rounding: '99',
      discount: 0,
    });
    expect(builtInTemplate(15, 'CHF', rates)).toBeNull();
    expect(builtInTemplate(15, 'CNY', {})).toMatchObject({ exchange_rate: 1 });
    expect(() => priceFor(null, 29)).toThrow();
    for (const p of [1, 2, 3, 15]) expect(BUILT_IN_PRICING[p]!.margin + BUILT_IN_PRICING[p]!.platform_fee).toBeLessThan(1);
  });
});

describe('currencies', () => {
  it('shows a figure with its currency decimals, thousands grouped and a sign when asked, exactly', () => {
    expect(moneyText('1050.5')).toBe('1,050.50');
    expect(moneyText('0.00')).toBe('0.00');
    expect(moneyText('50.00', true)).toBe('+50.00');
    expect(moneyText('-1234567.89', true)).toBe('-1,234,567.89');
    expect(moneyText('100000')).toBe('100,000.00');
    expect(moneyText('0.105')).toBe('0.11');
    expect(moneyText('1234567.5', false, 'JPY')).toBe('1,234,568');
  });

  const yen: PriceTemplateNumbers = {
    currency_code: 'JPY',
    shipping: 0,
    exchange_rate: 0.048,
    margin: 0.3,
    platform_fee: 0.15,
    tax_rate: 0,
    discount: 0.3,
    rounding: 'cent',
    crossed_out_rounding: 'cent',
  };

  it('JPY has no decimals: each rounding goes to whole yen, and .99 becomes an ending in 99', () => {
    // 39 / 0.048 / 0.55 = 1477.27… → 1477; crossed out 1477 / 0.7 = 2110
    expect(priceFor(yen, 39)).toEqual({ price: 1477, crossedOut: 2110 });
    expect(priceFor({ ...yen, rounding: 'integer' }, 39).price).toBe(1477);
    expect(priceFor({ ...yen, rounding: '99', crossed_out_rounding: '99' }, 39)).toEqual({ price: 1499, crossedOut: 2199 });
    expect(priceFor({ ...yen, rounding: '99' }, 43.56).price).toBe(1699); // 1650 → 1699
    expect(priceFor(null, 39, { builtIn: { platform: 1, currency: 'JPY', rates } }).price).toBe(1499);
  });

  it('shows the code beside every amount, in its decimals', () => {
    expect(formatMoney(15.4, 'USD')).toBe('15.40 USD');
    expect(formatMoney(1499, 'JPY')).toBe('1499 JPY');
    expect(formatMoney('29', 'CNY')).toBe('29.00 CNY');
  });

  it("a site's listing currency: UK → GBP, JP → JPY, DE → EUR, none → USD", () => {
    expect([siteCurrency('UK'), siteCurrency('JP'), siteCurrency('DE'), siteCurrency(''), siteCurrency('US')]).toEqual([
      'GBP',
      'JPY',
      'EUR',
      'USD',
      'USD',
    ]);
  });
});

describe('price rules chain', () => {
  const flat: PriceTemplateNumbers = {
    currency_code: 'USD',
    shipping: 0,
    exchange_rate: 1,
    margin: 0,
    platform_fee: 0,
    tax_rate: 0,
    discount: 0,
    rounding: '99',
    crossed_out_rounding: '99',
  };
  const rule = (over: Partial<PriceRuleNumbers>): PriceRuleNumbers => ({
    id: 1,
    name: 'r',
    action: 'add',
    unit: 'amount',
    value: 1,
    sizes: [],
    colors: [],
    category_ids: [],
    price_min: null,
    price_max: null,
    ...over,
  });
  const rules = [
    rule({ id: 1, name: '大码加价', sizes: ['XXL', '3xl'], value: 2 }),
    rule({ id: 2, name: '黑色加10%', colors: ['黑色'], unit: 'percent', value: 10 }),
    rule({ id: 3, name: '服装类减1', category_ids: [7], action: 'subtract', value: 1 }),
    rule({ id: 4, name: '高价减5%', price_min: 20, unit: 'percent', action: 'subtract', value: 5 }),
  ];

  it('applies each rule whose conditions hold, in order, then the rounding, and shows every step', () => {
    const r = priceChain(flat, 18, { rules, variant: { size: 'xxl', color: '黑色', categoryIds: [12, 7] } });
    // 18 → +2 = 20 → +10 % = 22 → −1 = 21 → ≥ 20: −5 % = 19.95 → .99 = 19.99
    expect(r.steps).toEqual([
      { kind: 'template', price: 18 },
      { kind: 'rule', ruleId: 1, name: '大码加价', applied: true, price: 20 },
      { kind: 'rule', ruleId: 2, name: '黑色加10%', applied: true, price: 22 },
      { kind: 'rule', ruleId: 3, name: '服装类减1', applied: true, price: 21 },
      { kind: 'rule', ruleId: 4, name: '高价减5%', applied: true, price: 19.95 },
      { kind: 'rounding', rounding: '99', price: 19.99 },
    ]);
    expect(r.price).toBe(19.99);
  });

  it('skips a rule whose condition fails, and the range looks at the price so far', () => {
    const r = priceChain(flat, 18, { rules, variant: { size: 'M', color: '白色', categoryIds: [12] } });
    expect(r.steps.map((s) => (s.kind === 'rule' ? s.applied : s.kind))).toEqual(['template', false, false, false, false, 'rounding']);
    expect(r.price).toBe(18.99);
    // Without a variant, list conditions never hold; the range still does.
    expect(priceFor(flat, 30, { rules }).price).toBe(28.99); // 30 − 5 % = 28.5
  });

  it('never goes below 0, and rounds once, after the rules', () => {
    expect(priceFor({ ...flat, rounding: 'cent' }, 1, { rules: [rule({ action: 'subtract', value: 5 })] }).price).toBe(0);
    // 10.004 + 0.004 would be 10.00 + 0.00 rounding each step; rounded once it is 10.01.
    expect(priceFor({ ...flat, rounding: 'cent' }, 10.004, { rules: [rule({ value: 0.004 })] }).price).toBe(10.01);
  });
});

describe('priceRuleProblem', () => {
  const ok: PriceRuleFields = {
    name: '大码加价',
    action: 'add',
    unit: 'amount',
    value: 2,
    sizes: ['XXL'],
    colors: [],
    category_ids: [],
    price_min: null,
    price_max: null,
  };
  it.each([
    [{}, null],
    [{ name: ' ' }, 'priceRuleNameRequired'],
    [{ name: 'x'.repeat(51) }, 'priceRuleNameTooLong'],
    [{ action: 'times' }, 'priceRuleAction'],
    [{ unit: 'points' }, 'priceRuleUnit'],
    [{ value: 0 }, 'priceRuleValue'],
    [{ value: 1.234 }, 'priceRuleValue'],
    [{ unit: 'percent', value: 1001 }, 'priceRuleValue'],
    [{ unit: 'percent', action: 'subtract', value: 100 }, 'priceRuleSubtractPercent'],
    [{ sizes: [' '] }, 'priceRuleListItem'],
    [{ price_min: 10, price_max: 5 }, 'priceRuleRange'],
    [{ price_min: -1 }, 'priceRuleRange'],
  ] as const)('%j → %s', (over, key) => {
    expect(priceRuleProblem({ ...ok, ...(over as Partial<PriceRuleFields>) })?.key ?? null).toBe(key);
  });
});
