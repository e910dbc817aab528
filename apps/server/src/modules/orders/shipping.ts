import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import type { Lang } from '@app/contract';
import { AppError } from '../../http/errors.js';

/** One zone's rate of a method: CNY for the first 500 g and for each further 500 g or part. */
interface Rate {
  first: string;
  extra: string;
  days: string;
}
interface RateTable {
  zones: Record<string, string[]>;
  methods: { id: string; name: Record<Lang, string>; rates: Record<string, Rate> }[];
}

/** Grams a rate step covers. */
const STEP_G = 500;

/**
 * The shipping methods and their prices (docs/orders.md#shipping), from shippingRates.json: a country is in one
 * zone; a method ships to the zones it has a rate for.
 */
export function createShipping(table: RateTable = JSON.parse(readFileSync(new URL('./shippingRates.json', import.meta.url), 'utf8'))) {
  const zoneOf = new Map<string, string>();
  for (const [zone, countries] of Object.entries(table.zones)) for (const c of countries) zoneOf.set(c, zone);

  /** The methods to `country` for a parcel of `grams`, cheapest first; refused naming the country when none ships there. */
  function methods(country: string, grams: number, lang: Lang) {
    const zone = zoneOf.get(country);
    if (!zone) throw new AppError(400, 'orderCountryNotShipped', { country });
    const steps = Math.max(0, Math.ceil(grams / STEP_G) - 1);
    return table.methods
      .filter((m) => m.rates[zone])
      .map((m) => {
        const r = m.rates[zone]!;
        return {
          id: m.id,
          name: m.name[lang],
          price: new Decimal(r.first).plus(new Decimal(r.extra).times(steps)).toFixed(2),
          days: r.days,
        };
      })
      .sort((a, b) => new Decimal(a.price).comparedTo(b.price));
  }

  /** One method to `country`, or refused as the seller would be told. */
  function method(country: string, grams: number, methodId: string, lang: Lang) {
    const m = methods(country, grams, lang).find((x) => x.id === methodId);
    if (!m) throw new AppError(400, 'orderShippingMethodUnknown', { country });
    return m;
  }

  return { methods, method, countries: () => [...zoneOf.keys()].sort() };
}
export type Shipping = ReturnType<typeof createShipping>;
