/** Membership (会员): the levels' plans and prices, and buying a level from the wallet for a family (docs/membership.md). */
export { createMembershipService, type MembershipService, type MembershipDeps, type UpgradeResult } from './service.js';
export { membershipQueries, type MembershipQueries } from './repo.js';
export { addMonths } from './periods.js';
export { membershipRoutes } from './routes.js';
