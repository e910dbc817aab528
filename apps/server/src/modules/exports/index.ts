/**
 * Offline export (docs/exports.md): the export calls and their job, the export records, the image
 * domains and the public copies of the images written into files.
 */
export { createExportService, EXPORT_JOB, type ExportService, type WatermarkApplier } from './service.js';
export { exportRoutes } from './routes.js';
export { publicImageRoutes, PUBLIC_IMAGE_PREFIX } from './publicImages.js';
/** The row builder and page reader, for the benchmark's bare write of the same rows. */
export { headerOf, productsOf, rowsOf, type Cell } from './rows.js';
export { createExportRepo, type ExportRepo } from './repo.js';
export { exportProducts, type ExportProducts } from './products.js';
