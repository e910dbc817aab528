/** The editor's calls (compose, cutpiece, mockup preview) and the checks every saved design goes through. */
export { createDesignService, composeSpecOf, CUTPIECE_PLACEHOLDER, type DesignService } from './service.js';
export { designRoutes } from './routes.js';
