/** Picture and material downloads of finished products (SPEC §7.5). */
export { createDownloadService, type DownloadService } from './service.js';
export { attachment, downloadRoutes } from './routes.js';
export { createDownloadRepo, type DownloadRepo } from './repo.js';
