export * from './envelope.js';
export * from './numbers.js';
export * from './sellerText.js';
export * from './constants.js';
export * from './messages.js';
export * from './route.js';
export * from './accounts.js';
export * from './catalogue.js';
export * from './materials.js';
export * from './synthesis.js';
export * from './jobs.js';
export * from './cart.js';
export * from './finished.js';
export * from './groups.js';
export * from './downloads.js';
export * from './batchDesign.js';
export * from './images.js';
export * from './stores.js';
export * from './priceTemplates.js';
export * from './keywordsBan.js';
export * from './exportColumns.js';
export * from './exports.js';
export * from './templates.js';
export * from './watermarks.js';
export * from './publish.js';
export * from './marketTemplates.js';

import { accountRoutes } from './accounts.js';
import { catalogueRoutes } from './catalogue.js';
import { materialRoutes } from './materials.js';
import { synthesisRoutes } from './synthesis.js';
import { jobRoutes } from './jobs.js';
import { cartRoutes } from './cart.js';
import { finishedRoutes } from './finished.js';
import { groupRoutes } from './groups.js';
import { downloadRoutes } from './downloads.js';
import { batchDesignRoutes } from './batchDesign.js';
import { storeRoutes } from './stores.js';
import { priceTemplateRoutes } from './priceTemplates.js';
import { keywordsBanRoutes } from './keywordsBan.js';
import { exportRoutes } from './exports.js';
import { templateRoutes } from './templates.js';
import { watermarkRoutes } from './watermarks.js';
import { publishRoutes } from './publish.js';
import { marketTemplateRoutes } from './marketTemplates.js';

/** Every call of the API, by feature. The server registers exactly these; the web client calls them. */
export const routes = {
  ...accountRoutes,
  ...catalogueRoutes,
  ...materialRoutes,
  ...synthesisRoutes,
  ...jobRoutes,
  ...cartRoutes,
  ...finishedRoutes,
  ...groupRoutes,
  ...downloadRoutes,
  ...batchDesignRoutes,
  ...storeRoutes,
  ...priceTemplateRoutes,
  ...keywordsBanRoutes,
  ...exportRoutes,
  ...templateRoutes,
  ...watermarkRoutes,
  ...publishRoutes,
  ...marketTemplateRoutes,
} as const;
