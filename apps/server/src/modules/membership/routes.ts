import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import type { AppConfig } from '../../config.js';
import { tokenOf } from '../../http/auth.js';
import { registerRoute } from '../../http/route.js';
import { setLevelCookie, type AccountService } from '../accounts/index.js';
import type { MembershipService } from './service.js';

/** /api/member/* (docs/membership.md): the plans, readable logged out, and buying a level. */
export function membershipRoutes(
  app: FastifyInstance,
  deps: { membership: MembershipService; accounts: Pick<AccountService, 'sessionExpiry'>; config: Pick<AppConfig, 'cookieSecure'> },
) {
  const { membership } = deps;
  registerRoute(app, routes.memberPlans, ({ caller, lang }) => membership.plans(caller, lang));
  registerRoute(app, routes.memberUpgrade, async ({ caller, body, req, reply }) => {
    const result = await membership.upgrade(caller, body);
    // The readable level cookie says the new level at once, ending with the session as a login sets it.
    const token = tokenOf(req);
    const expiresAt = token === undefined ? undefined : await deps.accounts.sessionExpiry(token);
    if (expiresAt !== undefined) setLevelCookie(reply, result.level, expiresAt, deps.config);
    return result;
  });
}
