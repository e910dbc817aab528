export * from './envelope.js';
export * from './constants.js';
export * from './messages.js';
export * from './route.js';
export * from './accounts.js';

import { accountRoutes } from './accounts.js';

/** Every call of the API, by feature. The server registers exactly these; the web client calls them. */
export const routes = { ...accountRoutes } as const;
