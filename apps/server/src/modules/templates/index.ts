/**
 * Product templates (docs/templates.md): the simple (format 6 / 9), Amazon (flat file, with
 * diyImport) and Walmart-style kinds. The export reads a template with
 * `templates.rowForExport(scope, kind, id, shopId)`: the stored row, or why it may not ('missing' | 'kind' | 'store').
 */
export { createTemplateService, type TemplateService } from './service.js';
export type { TemplateRow, TemplateForExport } from './views.js';
export { createTemplateRepo, type TemplateRepo } from './repo.js';
export { templateRoutes } from './routes.js';
