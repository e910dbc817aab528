import type { FastifyInstance, FastifyReply } from 'fastify';
import { COOKIE, routes, type Session } from '@app/contract';
import type { AppConfig } from '../../config.js';
import { registerRoute } from '../../http/route.js';
import { tokenOf } from '../../http/auth.js';
import type { AccountService } from './service.js';

/** Sets the session cookies of SPEC §3: the token (httpOnly) and the readable username and level. */
function setSessionCookies(reply: FastifyReply, s: Session, config: Pick<AppConfig, 'cookieSecure' | 'now'>) {
  const common = { path: '/', sameSite: 'lax' as const, secure: config.cookieSecure, expires: new Date(s.expires_at) };
  reply.setCookie(COOKIE.token, s.token, { ...common, httpOnly: true });
  reply.setCookie(COOKIE.username, s.user.username, common);
  reply.setCookie(COOKIE.level, String(s.user.level), common);
}

function clearSessionCookies(reply: FastifyReply) {
  for (const name of Object.values(COOKIE)) reply.clearCookie(name, { path: '/' });
}

export function accountRoutes(app: FastifyInstance, deps: { accounts: AccountService; config: AppConfig }) {
  const { accounts, config } = deps;

  registerRoute(app, routes.register, async ({ body, reply }) => {
    const s = await accounts.register(body);
    setSessionCookies(reply, s, config);
    return s;
  });

  registerRoute(app, routes.login, async ({ body, req, reply }) => {
    const s = await accounts.login(body, req.ip);
    setSessionCookies(reply, s, config);
    return s;
  });

  registerRoute(app, routes.logout, async ({ req, reply }) => {
    await accounts.logout(tokenOf(req, { queryToken: false }));
    clearSessionCookies(reply);
    return null;
  });

  registerRoute(app, routes.info, ({ caller }) => accounts.info(caller.id));
  registerRoute(app, routes.accountList, async ({ caller, lang }) => ({ list: await accounts.accountList(caller, lang) }));
  registerRoute(app, routes.childList, async ({ caller }) => ({ list: await accounts.childList(caller) }));
  registerRoute(app, routes.createChild, ({ caller, body }) => accounts.createChild(caller, body));
  registerRoute(app, routes.disableChild, async ({ caller, body }) => {
    await accounts.setChildDisabled(caller, body.id, 1);
    return null;
  });
  registerRoute(app, routes.enableChild, async ({ caller, body }) => {
    await accounts.setChildDisabled(caller, body.id, 0);
    return null;
  });
  registerRoute(app, routes.officeList, async ({ caller }) => ({ list: await accounts.officeList(caller) }));
  registerRoute(app, routes.officeAdd, ({ caller, body }) => accounts.officeAdd(caller, body.name));
}
