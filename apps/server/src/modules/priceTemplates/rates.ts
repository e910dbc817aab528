import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decimalPlaces, isPriceCurrency } from '@app/contract';

/**
 * Exchange-rate entries as the seed file and `npm run rates:set` give them (docs/pricing-templates.md#exchange-rates),
 * checked before they reach the table (ratesRepo.ts).
 */

/** The seed file shipped with the code. */
export const SEED_RATES_FILE = fileURLToPath(new URL('./exchangeRates.json', import.meta.url));

/** A rate as written in the seed file and given to `rates:set`: the rate as decimal text, exactly. */
export interface RateEntry {
  currency: string;
  cny_per_unit: string;
  valid_from: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RATE_TEXT = /^\d+(\.\d+)?$/;

/** What is wrong with one entry, in the operator's words (English: a tool's output), or null. */
export function rateEntryProblem(e: RateEntry): string | null {
  if (!isPriceCurrency(e.currency) || e.currency === 'CNY')
    return `unknown currency ${JSON.stringify(e.currency)} (USD GBP EUR JPY CAD AUD MXN)`;
  const rate = Number(e.cny_per_unit);
  if (!RATE_TEXT.test(e.cny_per_unit) || !(rate > 0 && rate <= 100_000) || decimalPlaces(rate) > 6)
    return `${e.currency}: the rate must be CNY per unit above 0 and at most 100000, with at most 6 decimals (got ${JSON.stringify(e.cny_per_unit)})`;
  if (
    !DAY.test(e.valid_from) ||
    Number.isNaN(Date.parse(`${e.valid_from}T00:00:00Z`)) ||
    new Date(`${e.valid_from}T00:00:00Z`).toISOString().slice(0, 10) !== e.valid_from
  )
    return `${e.currency}: valid_from must be a day as YYYY-MM-DD (got ${JSON.stringify(e.valid_from)})`;
  return null;
}

/** The entries of a rates file (the seed's shape: `{rates: [...]}`), or the first problem. */
export function readRatesFile(file: string): RateEntry[] {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { rates?: unknown };
  if (!Array.isArray(raw.rates)) throw new Error(`${file}: expected {"rates": [{currency, cny_per_unit, valid_from}, …]}`);
  const entries = raw.rates.map((r: Record<string, unknown>) => ({
    currency: String(r.currency ?? ''),
    cny_per_unit: String(r.cny_per_unit ?? ''),
    valid_from: String(r.valid_from ?? ''),
  }));
  for (const e of entries) {
    const problem = rateEntryProblem(e);
    if (problem) throw new Error(`${file}: ${problem}`);
  }
  return entries;
}
