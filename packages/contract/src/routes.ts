import type { RouteDef } from './route.js';
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
import { priceRuleRoutes } from './priceRules.js';
import { keywordsBanRoutes } from './keywordsBan.js';
import { exportRoutes } from './exports.js';
import { templateRoutes } from './templates.js';
import { watermarkRoutes } from './watermarks.js';
import { publishRoutes } from './publish.js';
import { marketTemplateRoutes } from './marketTemplates.js';
import { listingNameRoutes } from './listingNames.js';
import { titleRoutes } from './titles.js';
import { barcodeRoutes } from './barcodes.js';
import { orderRoutes } from './orders.js';
import { marketOrderRoutes } from './marketOrders.js';
import { walletRoutes } from './wallet.js';
import { billRoutes } from './bills.js';
import { noticeRoutes } from './notices.js';
import { inquiryRoutes } from './inquiry.js';
import { siteFigureRoutes } from './siteFigures.js';
import { membershipRoutes } from './membership.js';

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
  ...priceRuleRoutes,
  ...keywordsBanRoutes,
  ...exportRoutes,
  ...templateRoutes,
  ...watermarkRoutes,
  ...publishRoutes,
  ...marketTemplateRoutes,
  ...listingNameRoutes,
  ...titleRoutes,
  ...barcodeRoutes,
  ...orderRoutes,
  ...marketOrderRoutes,
  ...walletRoutes,
  ...billRoutes,
  ...noticeRoutes,
  ...inquiryRoutes,
  ...siteFigureRoutes,
  ...membershipRoutes,
} as const;

/** Every route's type by its name: the web client calls a route by name (docs/web.md#where-the-bytes-go). */
export type Routes = typeof routes;
export type RouteName = keyof Routes;
/** Where a route is called: all the web client needs of a route at runtime. */
export type RouteAddress = Pick<RouteDef, 'method' | 'path' | 'auth'>;
/** The address of every route, each the route's own method, path and auth (addresses.ts, written from `routes`). */
export type RouteAddresses = { readonly [N in RouteName]: Pick<Routes[N], keyof RouteAddress> };
