/** The material library: uploads, folders, keywords (docs/editor.md#materials, docs/messages.md#validation). */
export { createMaterialService, type MaterialService } from './service.js';
export { materialRoutes } from './routes.js';
export { createMaterialRepo, type MaterialRepo } from './repo.js';
