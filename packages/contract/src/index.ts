export * from './envelope.js';
export * from './constants.js';
export * from './messages.js';
export * from './route.js';
export * from './accounts.js';
export * from './catalogue.js';
export * from './materials.js';
export * from './synthesis.js';
export * from './cart.js';

import { accountRoutes } from './accounts.js';
import { catalogueRoutes } from './catalogue.js';
import { materialRoutes } from './materials.js';
import { synthesisRoutes } from './synthesis.js';
import { cartRoutes } from './cart.js';

/** Every call of the API, by feature. The server registers exactly these; the web client calls them. */
export const routes = { ...accountRoutes, ...catalogueRoutes, ...materialRoutes, ...synthesisRoutes, ...cartRoutes } as const;
