import type { FastifyRequest } from 'fastify';
import { COOKIE, TOKEN_HEADER } from '@app/contract';
import { AppError } from './errors.js';
import type { Scope } from '../db/scope.js';

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

/** Resolves a raw token to its caller, or says why it cannot. Implemented by the accounts module. */
export interface SessionResolver {
  resolve(token: string): Promise<Caller | 'expired' | 'disabled' | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionResolver: SessionResolver;
  }
}

/** The token of a request: the `token` cookie, else the `token` header (SPEC §7.7), else `?token=` where allowed (§7.5). */
export function tokenOf(req: FastifyRequest, opts: { queryToken: boolean }): string | undefined {
  const fromCookie = req.cookies[COOKIE.token];
  if (fromCookie) return fromCookie;
  const fromHeader = req.headers[TOKEN_HEADER];
  if (typeof fromHeader === 'string' && fromHeader) return fromHeader;
  if (opts.queryToken) {
    const q = (req.query as Record<string, unknown> | undefined)?.token;
    if (typeof q === 'string' && q) return q;
  }
  return undefined;
}

export async function authenticate(req: FastifyRequest, opts: { queryToken: boolean }): Promise<Caller> {
  const token = tokenOf(req, opts);
  if (!token) throw new AppError(401, 'notLoggedIn');
  const caller = await req.server.sessionResolver.resolve(token);
  if (caller === 'expired' || caller === undefined) throw new AppError(401, caller === 'expired' ? 'sessionExpired' : 'notLoggedIn');
  if (caller === 'disabled') throw new AppError(401, 'accountDisabled');
  return caller;
}
