import type { FastifyRequest } from 'fastify';
import { COOKIE, TOKEN_HEADER } from '@app/contract';
import { AppError } from './errors.js';
import type { Scope } from '../db/scope.js';
import type { Signer } from '../secrets/index.js';
import { hasLinkSignature, linkAccount } from './signedLink.js';

/** The logged-in account behind a request, with the rows it may read and act on (docs/domain.md#accounts-and-scope). */
export interface Caller {
  id: number;
  username: string;
  nickname: string;
  level: number;
  parentId: number | null;
  officeId: number | null;
  scope: Scope;
}

/** Resolves a raw token (or an account, for a signed link) to its caller, or says why it cannot. Implemented by the accounts module. */
export interface SessionResolver {
  resolve(token: string): Promise<Caller | 'expired' | 'disabled' | undefined>;
  resolveAccount(id: number): Promise<Caller | 'disabled' | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionResolver: SessionResolver;
    /** The server's signer (secrets/), for signed links. */
    signer: Signer;
  }
}

/**
 * The session token of a request: the `token` cookie, else the `token` header (docs/api.md#tokens). Never the
 * address: a token there ends up in logs, histories and Referer headers (docs/security.md#tokens).
 */
export function tokenOf(req: FastifyRequest): string | undefined {
  const fromCookie = req.cookies[COOKIE.token];
  if (fromCookie) return fromCookie;
  const fromHeader = req.headers[TOKEN_HEADER];
  if (typeof fromHeader === 'string' && fromHeader) return fromHeader;
  return undefined;
}

/**
 * The caller of a request, or a 401 (403 for a bad signed link). Runs in the route's onRequest hook,
 * before the body is read or validated: a stranger learns nothing about what a call expects.
 */
export async function authenticate(req: FastifyRequest, opts: { signedLink: boolean }): Promise<Caller> {
  const token = tokenOf(req);
  if (opts.signedLink && hasLinkSignature(req.url)) return linkCaller(req, token);
  if (!token) throw new AppError(401, 'notLoggedIn');
  const caller = await req.server.sessionResolver.resolve(token);
  if (caller === 'expired' || caller === undefined) throw new AppError(401, caller === 'expired' ? 'sessionExpired' : 'notLoggedIn');
  if (caller === 'disabled') throw new AppError(401, 'accountDisabled');
  return caller;
}

/**
 * A signed link stands for its account alone: a changed or expired one is refused even with a good
 * session, and a browser logged in as another account cannot use it (a link that travelled).
 */
async function linkCaller(req: FastifyRequest, token: string | undefined): Promise<Caller> {
  const { sessionResolver } = req.server;
  const accountId = linkAccount(req.server.signer, req.url);
  if (accountId === undefined) throw new AppError(403, 'downloadLinkInvalid');
  const caller = await sessionResolver.resolveAccount(accountId);
  if (caller === undefined) throw new AppError(403, 'downloadLinkInvalid');
  if (caller === 'disabled') throw new AppError(401, 'accountDisabled');
  if (token) {
    const session = await sessionResolver.resolve(token);
    if (typeof session === 'object' && session.id !== accountId) throw new AppError(403, 'downloadLinkInvalid');
  }
  return caller;
}
