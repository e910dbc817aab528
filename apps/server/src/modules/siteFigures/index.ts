/** The advantage page's live figures across every account (docs/mobile.md#site-figures). */
export { createSiteFiguresService, median, type SiteFiguresService } from './service.js';
export { siteFigureRoutes } from './routes.js';
