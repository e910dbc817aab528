/** The Excel batch design (docs/domain.md#excel-batch-design). */
export { createBatchDesignService, type BatchDesignService } from './service.js';
export { batchDesignRoutes } from './routes.js';
