/** The catalogue of blanks (docs/api.md#editor) and its folder import (docs/catalogue-format.md). */
export { createCatalogueService, type CatalogueProduct, type CatalogueService, type Reader } from './service.js';
export { importCatalogue, CatalogueImportError, type ImportSummary } from './import.js';
export { catalogueManifest, productManifest, type ProductSpec } from './manifest.js';
export { catalogueRoutes } from './routes.js';
export { createCatalogueRepo, type CatalogueRepo } from './repo.js';
/** The advantage page's counts of the catalogue (docs/mobile.md#site-figures). */
export { catalogueFigures, type CatalogueFigures } from './figures.js';
