/**
 * The marketplaces' product templates (docs/market-templates.md): marketplace A (AliExpress, 2)
 * and B (TikTok Shop, 15). The publish job reads a template with
 * `marketTemplates.forPublish(who, platform, templateId)` (the parsed row or undefined) or, checking it is
 * the publish's shop, `marketTemplates.templateForShop(who, platform, shopId, templateId)`
 * (`{ ok: true, template }` or `{ ok: false, status, key, params }`).
 */
export { createMarketTemplateService, type MarketTemplateService, type TemplateReader, type TemplateRefusal } from './service.js';
export { createMarketTemplateRepo } from './repo.js';
export { marketTemplateRoutes } from './routes.js';
