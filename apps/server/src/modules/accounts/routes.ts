import type { FastifyInstance, FastifyReply } from 'fastify';
import { COOKIE, routes, type Session } from '@app/contract';
import type { AppConfig } from '../../config.js';
import { registerRoute } from '../../http/route.js';
import { tokenOf } from '../../http/auth.js';
import type { AccountService } from './service.js';

/** The readable session cookies' options: they end with the session (docs/api.md#tokens). */
const cookieOptions = (expiresAt: number, config: Pick<AppConfig, 'cookieSecure'>) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: config.cookieSecure,
  expires: new Date(expiresAt),
});

/** Sets the session cookies (docs/api.md#tokens): the token (httpOnly) and the readable username and level. */
function setSessionCookies(reply: FastifyReply, s: Session & { token: string }, config: Pick<AppConfig, 'cookieSecure' | 'now'>) {
  const common = cookieOptions(s.expires_at, config);
  reply.setCookie(COOKIE.token, s.token, { ...common, httpOnly: true });
  reply.setCookie(COOKIE.username, s.user.username, common);
  setLevelCookie(reply, s.user.level, s.expires_at, config);
}

/**
 * Sets the readable `level` cookie as a login does, ending with the session (`expiresAt`, milliseconds): a login,
 * and a membership purchase that changed the level (docs/membership.md#buying).
 */
export function setLevelCookie(reply: FastifyReply, level: number, expiresAt: number, config: Pick<AppConfig, 'cookieSecure'>) {
  reply.setCookie(COOKIE.level, String(level), cookieOptions(expiresAt, config));
}

/**
 * The device cookie (docs/security.md#throttling): which accounts this browser has logged in to, signed by the
 * server; a device it names is not made to wait when someone elsewhere guesses the account's password. Only the
 * account calls read it, no script can, and logging out keeps it (it holds no session).
 */
export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATH = '/api/user';

function setDeviceCookie(reply: FastifyReply, token: string, config: Pick<AppConfig, 'cookieSecure' | 'now' | 'loginThrottle'>) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    expires: new Date(config.now() + config.loginThrottle.deviceTtlMs),
  });
}

function clearSessionCookies(reply: FastifyReply) {
  for (const name of Object.values(COOKIE)) reply.clearCookie(name, { path: '/' });
}

export function accountRoutes(app: FastifyInstance, deps: { accounts: AccountService; config: AppConfig }) {
  const { accounts, config } = deps;

  // Per client address, counted before the body is read (TRUST_PROXY decides what the address is).
  const perAddress = (limit: AppConfig['addressLimits']['login']) => ({
    config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } },
  });
  /** The answer of a login: the account and the expiry; the token goes in the httpOnly cookie only. */
  const withoutToken = ({ token: _token, ...session }: Session & { token: string }): Session => session;
  /** A browser's register or login: the session and device cookies set, the session answered without its token. */
  const signedIn = (reply: FastifyReply, { device, ...s }: Session & { token: string; device: string }): Session => {
    setSessionCookies(reply, s, config);
    setDeviceCookie(reply, device, config);
    return withoutToken(s);
  };

  registerRoute(
    app,
    routes.register,
    async ({ body, req, reply }) => signedIn(reply, await accounts.register(body, req.cookies[DEVICE_COOKIE])),
    perAddress(config.addressLimits.register),
  );

  registerRoute(
    app,
    routes.login,
    async ({ body, req, reply }) => signedIn(reply, await accounts.login(body, req.ip, req.cookies[DEVICE_COOKIE])),
    perAddress(config.addressLimits.login),
  );

  // An API client's explicit call for a header token (docs/api.md#tokens): the same checks and throttling as a
  // login, no cookie. A page script cannot use it without the password (docs/security.md#tokens).
  registerRoute(
    app,
    routes.apiToken,
    async ({ body, req }) => {
      const { device: _device, ...s } = await accounts.login(body, req.ip, req.cookies[DEVICE_COOKIE]);
      return s;
    },
    perAddress(config.addressLimits.login),
  );

  registerRoute(app, routes.logout, async ({ req, reply }) => {
    await accounts.logout(tokenOf(req));
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
