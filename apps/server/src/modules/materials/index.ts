/** The material library: uploads, folders, keywords (SPEC §7.7, §5). */
export { createMaterialService, type MaterialService } from './service.js';
export { materialRoutes } from './routes.js';
export { createMaterialRepo, type MaterialRepo } from './repo.js';
