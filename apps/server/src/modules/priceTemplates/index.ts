/**
 * Pricing templates (docs/pricing-templates.md): the seller's formulas from a variant's cost to its listed and crossed-out
 * price, template 0 built in, and the exchange-rate table. The export and the publish price with
 * `forPricing(caller, id, market)` and @app/contract's `priceFor`.
 */
export { createPriceTemplateService, type PriceTemplateService, type Pricing, type ListingMarket } from './service.js';
export { createExchangeRates, type ExchangeRates } from './ratesRepo.js';
export { readRatesFile, rateEntryProblem, SEED_RATES_FILE, type RateEntry } from './rates.js';
export { priceTemplateRoutes } from './routes.js';
export { createPriceTemplateRepo, type PriceTemplateRepo } from './repo.js';
