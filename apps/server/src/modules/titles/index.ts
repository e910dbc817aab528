/**
 * Title templates and keyword sets (docs/listing-tools.md#titles, #keywords): the seller's lists, the preview, and
 * the settings an export or a publish that chose them carries (filled by @app/contract's titleFill).
 */
export { createTitleService, type ShopDefaults, type TitleService } from './service.js';
export { createTitlePreview, titleValuesOf, type TitlePreviewer } from './preview.js';
export { titleRoutes } from './routes.js';
export { createTitleRepo, type TitleRepo } from './repo.js';
