import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openServices } from '../../services.js';
import { readRatesFile, rateEntryProblem, type RateEntry } from './rates.js';
import { createExchangeRates, dayOf } from './ratesRepo.js';

/**
 * `npm run rates:set -- USD=7.18 GBP=9.78 [--from 2026-01-01]` or `npm run rates:set -- --file rates.json`:
 * sets exchange rates (CNY per unit) in the database the server uses (DATA_DIR, DATABASE_URL), valid from the
 * day given (default today, UTC); a rate of the same currency and day is replaced. With no rate, prints the
 * rates in effect. docs/pricing-templates.md#exchange-rates.
 */
async function main(argv: string[]) {
  const { app: config } = loadConfig();
  let from = dayOf(config.now());
  let entries: RateEntry[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--from') from = argv[++i] ?? '';
    else if (arg === '--file') entries.push(...readRatesFile(path.resolve(argv[++i] ?? '')));
    else {
      const m = /^([A-Za-z]{3})=(.+)$/.exec(arg);
      if (!m)
        throw new Error(
          `not a rate: ${JSON.stringify(arg)}\nusage: npm run rates:set -- USD=7.18 GBP=9.78 [--from YYYY-MM-DD] | --file rates.json`,
        );
      entries.push({ currency: m[1]!.toUpperCase(), cny_per_unit: m[2]!, valid_from: '' });
    }
  }
  entries = entries.map((e) => ({ ...e, valid_from: e.valid_from || from }));
  for (const e of entries) {
    const problem = rateEntryProblem(e);
    if (problem) throw new Error(problem);
  }
  // The server's own wiring (a tool reads no lists: no reading threads).
  const services = await openServices({ ...config, readThreads: 0 });
  try {
    const rates = createExchangeRates(services.db.db, config.now);
    if (entries.length) await rates.set(entries);
    for (const r of await rates.inEffect()) console.log(`${r.currency}  ${r.cny_per_unit} CNY  valid from ${r.valid_from}`);
    if (entries.length) console.log(`set ${entries.length} rate(s); a rate dated after today takes effect on its day`);
  } finally {
    await services.close();
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
