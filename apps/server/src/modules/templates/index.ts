/**
 * Product templates (issue 14; docs/templates.md): the simple (format 6 / 9), Amazon (flat file, with
 * diyImport) and Walmart-style kinds. The export reads a template with
 * `createTemplateService(...).forExport(caller, kind, id, storeId)`: a TemplateForExport, or AppError 404.
 */
export { createTemplateService, type TemplateService, type TemplateForExport } from './service.js';
export { templateRoutes } from './routes.js';
export { createTemplateRepo } from './repo.js';
