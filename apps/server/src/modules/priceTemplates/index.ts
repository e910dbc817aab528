/**
 * Pricing templates (docs/pricing-templates.md): the seller's formulas from a variant's cost to its listed and crossed-out
 * price. The export prices with `forPricing(caller, id)` and @app/contract's `priceFor`.
 */
export { createPriceTemplateService, type PriceTemplateService } from './service.js';
export { priceTemplateRoutes } from './routes.js';
export { createPriceTemplateRepo, type PriceTemplateRepo } from './repo.js';
