/** Custom groups of finished products: a tree per owner, with locks (docs/domain.md#groups). */
export { createGroupService, type GroupService } from './service.js';
export type { GroupLookup } from './lookup.js';
export { groupRoutes } from './routes.js';
export { createGroupRepo, type GroupRepo } from './repo.js';
