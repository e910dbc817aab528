/** Accounts, sessions, sub-accounts and offices (SPEC §7.6; docs/domain.md#accounts-and-scope). */
export { createAccountRepo, type AccountRepo } from './repo.js';
export { createAccountService, type AccountService } from './service.js';
export { createPasswordHasher, type PasswordHasher } from './passwords.js';
export { accountRoutes } from './routes.js';
