/** Barcodes (docs/listing-tools.md#barcodes): makers, their codes, and the codes listings take per variant. */
export { createBarcodeService, type BarcodeService } from './service.js';
export { createBarcodeRepo, type BarcodeRepo } from './repo.js';
export { barcodeClaims, type BarcodeClaims, type VariantToCode } from './claims.js';
export { createBarcodeAllocation, type BarcodeAllocation, type VariantBarcode } from './allocation.js';
export { barcodeRoutes } from './routes.js';
export { createCodeMaker, createCodeReader } from './reader.js';
