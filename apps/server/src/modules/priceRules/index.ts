/**
 * Price rules (docs/listing-tools.md#price-rules): a seller's adjustments a pricing template chains after its
 * formula. The pricing templates module reads a template's rules through `chainOf` (wired in services.ts).
 */
export { createPriceRuleService, type PriceRuleService } from './service.js';
export { priceRuleRoutes } from './routes.js';
export { createPriceRuleRepo, type PriceRuleRepo } from './repo.js';
