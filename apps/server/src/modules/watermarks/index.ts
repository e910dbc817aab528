/**
 * Watermarks (docs/watermarks.md): the seller's text or PNG marks, their live preview, and the
 * export's entry point `watermarkedBlob(owner, sourceBlob, watermarkId)`: the watermarked copy's blob
 * name, composed once per (image, watermark, version); the original is never written.
 */
export { createWatermarkService, WATERMARK_NAMES, type WatermarkService } from './service.js';
export { watermarkRoutes } from './routes.js';
export { applyWatermark, type RenderSpec } from './render.js';
export { createWatermarkRepo, type WatermarkRepo } from './repo.js';
