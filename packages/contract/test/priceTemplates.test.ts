import { describe, expect, it } from 'vitest';
import { priceTemplateProblem, type PriceTemplateFields } from '../src/priceTemplates.js';
import { fractionToPercent, percentToFraction, priceFor, type PriceTemplateNumbers } from '../src/pricing.js';
import { MESSAGES } from '../src/messages.js';
import { priceTemplateMessages } from '../src/priceTemplateMessages.js';

/** The worked example of docs/pricing-templates.md: shipping ¥45, 7.2 CNY per USD, 20 % margin, 8 % fee, 30 % discount. */
const worked: PriceTemplateNumbers = {
  currency_code: 'USD',
  shipping: 45,
  exchange_rate: 7.2,
  margin: 0.2,
  platform_fee: 0.08,
  tax_rate: 0,
  discount: 0.3,
  rounding: 'cent',
  crossed_out_rounding: '99',
};

const fields = (over: Partial<PriceTemplateFields> = {}): PriceTemplateFields => ({
  name: 'US shirts',
  platform_type: 1,
  ...worked,
  ...over,
});

describe('priceFor', () => {
  it('gives the worked example exactly: cost ¥35 → 15.43 USD, crossed out 22.99 under the .99 rule', () => {
    expect(priceFor(worked, 35)).toEqual({ price: 15.43, crossedOut: 22.99 });
  });

  it('computes the crossed-out price from the rounded price (15.43 / 0.70 = 22.04, not 22.05 from 15.432…)', () => {
    expect(priceFor({ ...worked, crossed_out_rounding: 'cent' }, 35)).toEqual({ price: 15.43, crossedOut: 22.04 });
  });

  it('rounds by each mode', () => {
    const at = (rounding: PriceTemplateNumbers['rounding']) => priceFor({ ...worked, rounding, crossed_out_rounding: rounding }, 35);
    expect(at('none')).toEqual({ price: 15.4321, crossedOut: 22.0459 });
    expect(at('cent')).toEqual({ price: 15.43, crossedOut: 22.04 });
    expect(at('integer')).toEqual({ price: 16, crossedOut: 23 });
    expect(at('99')).toEqual({ price: 15.99, crossedOut: 22.99 });
  });

  it("'99' keeps an amount already ending in .99 and lifts a whole amount to its .99", () => {
    const flat = { ...worked, shipping: 0, exchange_rate: 1, margin: 0, platform_fee: 0, discount: 0, rounding: '99' as const };
    expect(priceFor(flat, 15.99).price).toBe(15.99);
    expect(priceFor(flat, 16).price).toBe(16.99);
    expect(priceFor(flat, 16.001).price).toBe(16.99);
    expect(priceFor(flat, 0).price).toBe(0.99);
  });

  it("'integer' goes up to the next whole amount, and keeps one that is whole at the cent", () => {
    const flat = { ...worked, shipping: 0, exchange_rate: 1, margin: 0, platform_fee: 0, discount: 0, rounding: 'integer' as const };
    expect(priceFor(flat, 15.01).price).toBe(16);
    expect(priceFor(flat, 15).price).toBe(15);
    expect(priceFor(flat, 15.004).price).toBe(15);
  });

  it("'cent' rounds half up without binary-float error (1.005 → 1.01, which Math.round(x * 100) / 100 gets wrong)", () => {
    const flat = { ...worked, shipping: 0, exchange_rate: 1, margin: 0, platform_fee: 0, discount: 0 };
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the float trap
    expect(priceFor(flat, 1.005).price).toBe(1.01);
    expect(priceFor(flat, 1.004).price).toBe(1);
  });

  it('applies tax_rate as a multiplier of 1 + tax (0.1 → × 1.1)', () => {
    expect(priceFor({ ...worked, tax_rate: 0.1, crossed_out_rounding: 'cent' }, 35)).toEqual({
      // 80 / 7.2 / 0.72 × 1.1 = 16.975… → 16.98; 16.98 / 0.7 = 24.257… → 24.26
      price: 16.98,
      crossedOut: 24.26,
    });
  });

  it('shows no crossed-out price without a discount', () => {
    expect(priceFor({ ...worked, discount: 0 }, 35)).toEqual({ price: 15.43, crossedOut: null });
  });

  it('a CNY template at rate 1 prices in yuan', () => {
    expect(priceFor({ ...worked, exchange_rate: 1, discount: 0 }, 35).price).toBe(111.11);
  });
});

describe('priceTemplateProblem', () => {
  it('accepts the worked example', () => {
    expect(priceTemplateProblem(fields())).toBeNull();
  });

  it.each([
    [{ name: '  ' }, 'priceTemplateNameRequired'],
    [{ name: 'x'.repeat(51) }, 'priceTemplateNameTooLong'],
    [{ platform_type: 4 }, 'priceTemplatePlatformType'],
    [{ currency_code: 'CHF' }, 'priceTemplateCurrency'],
    [{ rounding: 'up' as never }, 'priceTemplateRounding'],
    [{ crossed_out_rounding: '98' as never }, 'priceTemplateRounding'],
    [{ shipping: -1 }, 'priceTemplateShipping'],
    [{ shipping: 1.001 }, 'priceTemplateShipping'],
    [{ exchange_rate: 0 }, 'priceTemplateExchangeRate'],
    [{ exchange_rate: -7.2 }, 'priceTemplateExchangeRate'],
    [{ margin: 1 }, 'priceTemplateFraction'],
    [{ platform_fee: -0.01 }, 'priceTemplateFraction'],
    [{ tax_rate: 20 }, 'priceTemplateFraction'],
    [{ discount: 1 }, 'priceTemplateFraction'],
    [{ discount: 0.00001 }, 'priceTemplateFraction'],
    [{ margin: 0.6, platform_fee: 0.4 }, 'priceTemplateMarginFee'],
    [{ margin: 0.9, platform_fee: 0.15 }, 'priceTemplateMarginFee'],
  ] as const)('refuses %j with %s', (over, key) => {
    expect(priceTemplateProblem(fields(over as Partial<PriceTemplateFields>))?.key).toBe(key);
  });

  it('takes every marketplace (Amazon 1, Walmart 3, AliExpress 2, TikTok Shop 15) and every listing currency', () => {
    for (const platform_type of [1, 3, 2, 15]) expect(priceTemplateProblem(fields({ platform_type }))).toBeNull();
    for (const currency_code of ['USD', 'GBP', 'EUR', 'JPY', 'CAD', 'AUD', 'MXN', 'CNY'])
      expect(priceTemplateProblem(fields({ currency_code }))).toBeNull();
  });

  it('counts a name of 50 CJK characters as 50', () => {
    expect(priceTemplateProblem(fields({ name: '价'.repeat(50) }))).toBeNull();
  });

  it('names the wrong fraction field', () => {
    expect(priceTemplateProblem(fields({ discount: 1 }))?.params).toEqual({ field: 'discount' });
  });

  it('its messages are in the catalogue in both languages', () => {
    for (const [key, text] of Object.entries(priceTemplateMessages)) expect(MESSAGES[key as keyof typeof MESSAGES]).toEqual(text);
  });
});

describe('percent fields', () => {
  it('convert exactly where binary floats do not (14.55 % ↔ 0.1455, 7 % ↔ 0.07)', () => {
    expect(0.07 * 100).not.toBe(7); // the float trap the form would fall into
    expect(fractionToPercent(0.07)).toBe(7);
    expect(percentToFraction(14.55)).toBe(0.1455);
    expect(fractionToPercent(0.1455)).toBe(14.55);
  });
});
