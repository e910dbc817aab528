/** Picture and material downloads of finished products (docs/api.md#downloads). */
export { createDownloadService, type DownloadService } from './service.js';
export { attachment, downloadRoutes } from './routes.js';
