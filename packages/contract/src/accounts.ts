import { z } from 'zod';
import { plainName } from './sellerText.js';
import { num } from './numbers.js';
import { defineRoute } from './route.js';
import { listOf, noData } from './envelope.js';
import { USER_LEVELS } from './constants.js';
import type { MessageKey } from './messages.js';

/** The characters a username may hold, said in the seller's language (a catalogue key naming the field). */
const USERNAME_CHARS: MessageKey = 'usernameChars';

export const username = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, USERNAME_CHARS);
/** A new password's length (docs/security.md#passwords); common ones are refused by the server too. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/**
 * A new account's password: 8 to 64 characters. The message is a catalogue key (said in the seller's language);
 * the web forms read the bounds from here, so they refuse what the server refuses. Logging in takes any
 * password (`credentials`): existing accounts are not judged again.
 */
export const password = z.string().min(PASSWORD_MIN, 'passwordLength').max(PASSWORD_MAX, 'passwordLength');
export const nickname = plainName(z.string().trim().min(1).max(32));
export const level = z.union(USER_LEVELS.map((l) => z.literal(l)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>]);
export const id = num(z.number().int().positive());

export const userInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  level,
  /** The parent account's id; null for a top-level account. */
  parent_id: z.number().int().nullable(),
  /** A top-level account: may have and manage sub-accounts. */
  is_parent: z.boolean(),
  office_id: z.number().int().nullable(),
  office_name: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * A login's answer: the account and when the session ends (`expires_at`, unix milliseconds). The token
 * itself travels only in the httpOnly cookie, out of reach of page scripts (docs/security.md#tokens).
 */
export const session = z.object({ expires_at: z.number().int(), user: userInfo });
export type Session = z.infer<typeof session>;

/** A session for an API client without cookies: the token for its `token` header (docs/api.md#tokens). */
export const apiSession = session.extend({ token: z.string() });
export type ApiSession = z.infer<typeof apiSession>;

const credentials = z.strictObject({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(256) });

/** Account option of pickers (id, nickname, username); "本人" has id 0 (docs/domain.md#accounts-and-scope). */
export const accountOption = z.object({ id: z.number().int(), nickname: z.string(), username: z.string() });
export type AccountOption = z.infer<typeof accountOption>;

export const subAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  level,
  disabled: z.union([z.literal(0), z.literal(1)]),
  office_id: z.number().int().nullable(),
  /** Unix seconds, as every `createtime` of the API (docs/api.md#ids-and-numbers). */
  createtime: z.number().int(),
});
export type SubAccount = z.infer<typeof subAccount>;

export const office = z.object({ id: z.number().int(), name: z.string(), member_count: z.number().int() });
export type Office = z.infer<typeof office>;

export const accountRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/api/user/register',
    summary: 'Register a new top-level seller account and log in',
    tag: 'accounts',
    auth: false,
    body: z.strictObject({ username, password, nickname: nickname.optional() }),
    data: session,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/user/login',
    summary: 'Log in; sets the token (httpOnly), username and level cookies. The token is not in the answer',
    tag: 'accounts',
    auth: false,
    body: credentials,
    data: session,
  }),
  apiToken: defineRoute({
    method: 'POST',
    path: '/api/user/apiToken',
    summary:
      'Log in as an API client without cookies: answers a session token for the `token` header and sets no cookie (throttled as login)',
    tag: 'accounts',
    auth: false,
    body: credentials,
    data: apiSession,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/user/logout',
    summary: 'End the session and clear its cookies',
    tag: 'accounts',
    auth: false,
    data: noData,
  }),
  info: defineRoute({
    method: 'GET',
    path: '/api/user/info',
    summary: 'The logged-in account',
    tag: 'accounts',
    auth: true,
    data: userInfo,
  }),
  accountList: defineRoute({
    method: 'GET',
    path: '/api/user/getAccountList',
    summary: 'Accounts for pickers: "本人" (id 0) and the sub-accounts, or just the caller',
    tag: 'accounts',
    auth: true,
    data: listOf(accountOption),
  }),
  childList: defineRoute({
    method: 'GET',
    path: '/api/user/getChildList',
    summary: 'The caller and its sub-accounts, with their state',
    tag: 'accounts',
    auth: true,
    data: listOf(subAccount),
  }),
  createChild: defineRoute({
    method: 'POST',
    path: '/api/user/createChild',
    summary: 'Create a sub-account of the caller',
    tag: 'accounts',
    auth: true,
    body: z.strictObject({ username, password, nickname: nickname.optional(), office_id: id.optional() }),
    data: subAccount,
  }),
  disableChild: defineRoute({
    method: 'POST',
    path: '/api/user/disableChild',
    summary: 'Disable a sub-account: it can no longer log in and its sessions end',
    tag: 'accounts',
    auth: true,
    body: z.strictObject({ id }),
    data: noData,
  }),
  enableChild: defineRoute({
    method: 'POST',
    path: '/api/user/enableChild',
    summary: 'Enable a disabled sub-account again',
    tag: 'accounts',
    auth: true,
    body: z.strictObject({ id }),
    data: noData,
  }),
  officeList: defineRoute({
    method: 'GET',
    path: '/api/office/getlist',
    summary: 'Offices (teams) of the caller’s account family',
    tag: 'accounts',
    auth: true,
    data: listOf(office),
  }),
  officeAdd: defineRoute({
    method: 'POST',
    path: '/api/office/add',
    summary: 'Create an office (team)',
    tag: 'accounts',
    auth: true,
    body: z.strictObject({ name: plainName(z.string().trim().min(1).max(64)) }),
    data: office,
  }),
} as const;
