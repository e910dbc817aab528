/** Accounts, sessions, sub-accounts and offices (docs/api.md#accounts; docs/domain.md#accounts-and-scope). */
export { createAccountRepo, type AccountRepo } from './repo.js';
export { createAccountService, type AccountService } from './service.js';
export { createPasswordHasher, type PasswordHasher } from './passwords.js';
export { createLoginThrottle, type LoginThrottle } from './loginThrottle.js';
export { accountRoutes, setLevelCookie } from './routes.js';
export { accountLevelQueries, levelNow, type AccountLevelQueries, type LevelNow, type StoredLevel } from './levels.js';
