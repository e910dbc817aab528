/** Finished products: the list (list/), detail, edits, combinations, filing (docs/domain.md#finished-products). */
export { createFinishedRepo, newTaskId, type FinishedRecord, type FinishedRepo, type ProductRows, type SynthesisImages } from './repo.js';
export { createFinishedService, type FinishedService } from './service.js';
export { createListReader, type ListReader } from './list/listReader.js';
export { finishedRoutes } from './routes.js';
/** The copies of the listing names, which a catalogue import has follow the catalogue (docs/finished.md#listing-names). */
export { listingNameQueries } from './listingNameQueries.js';
export { orderedUnitsQueries, type OrderedUnitsQueries } from './orderedUnits.js';
/** The advantage page's counts of the finished products across every account (docs/mobile.md#site-figures). */
export { finishedFigures, type FinishedFigures } from './figures.js';
