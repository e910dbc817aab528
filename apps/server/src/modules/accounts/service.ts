import { createHash, randomBytes } from 'node:crypto';
import {
  message,
  SELF_ACCOUNT_ID,
  type AccountOption,
  type Lang,
  type Office,
  type Session,
  type SubAccount,
  type UserInfo,
} from '@app/contract';
import type { AppConfig } from '../../config.js';
import { isUniqueViolation } from '../../db/text.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Caller, SessionResolver } from '../../http/auth.js';
import type { AccountRepo } from './repo.js';
import type { PasswordHasher } from './passwords.js';
import type { LoginThrottle } from './loginThrottle.js';
import { assertStrongPassword } from './passwordStrength.js';
import { createSessionCache } from './sessionCache.js';
import { levelNow, type StoredLevel } from './levels.js';

/** How long another process's change to accounts or sessions may take to be seen here (sessionCache.ts). */
const SESSION_CACHE_MS = 2_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

interface Deps {
  repo: AccountRepo;
  passwords: PasswordHasher;
  throttle: LoginThrottle;
  config: Pick<AppConfig, 'now' | 'sessionTtlMs' | 'subAccounts'>;
}

/** Accounts, sessions, sub-accounts and offices (docs/api.md#accounts, docs/api.md#tokens, docs/domain.md#accounts-and-scope). */
export function createAccountService({ repo: stored, passwords, throttle, config }: Deps) {
  const now = () => config.now();
  const sessions = createSessionCache({ ttlMs: SESSION_CACHE_MS, max: 10_000, now });
  /** Every change to accounts or sessions empties the session cache (rare, so all of it). */
  const changed =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      // Before and after: a look-up that read the old rows while the change ran keeps nothing.
      sessions.clear();
      try {
        return await f(...a);
      } finally {
        sessions.clear();
      }
    };
  const repo: AccountRepo = {
    ...stored,
    insertAccount: changed(stored.insertAccount),
    setDisabled: changed(stored.setDisabled),
    deleteSession: changed(stored.deleteSession),
    deleteSessionsOf: changed(stored.deleteSessionsOf),
  };

  async function openSession(accountId: number): Promise<OpenedSession> {
    const token = randomBytes(32).toString('base64url');
    const created = now();
    const expires = created + config.sessionTtlMs;
    await repo.insertSession({ token_hash: sha256(token), account_id: accountId, created_at: created, expires_at: expires });
    return { token, expires_at: expires, user: await info(accountId) };
  }

  async function info(accountId: number): Promise<UserInfo> {
    const a = await repo.findById(accountId);
    if (!a) throw notFound();
    const office = a.office_id === null ? undefined : await repo.officeById(a.office_id);
    return {
      id: a.id,
      username: a.username,
      nickname: a.nickname,
      level: levelNow(a, now()).level as UserInfo['level'],
      parent_id: a.parent_id,
      is_parent: a.parent_id === null,
      office_id: a.office_id,
      office_name: office?.name ?? null,
    };
  }

  /**
   * Sub-accounts multiply every per-account limit, so a parent has at most `max` and makes at most `perWindow`
   * within `windowMs` (docs/security.md#sub-accounts). Checked before the new one is made; two made at the same
   * instant may both pass the last place.
   */
  async function checkSubAccountLimits(parentId: number) {
    const { max, perWindow, windowMs } = config.subAccounts;
    const { total, recent } = await repo.childCounts(parentId, now() - windowMs);
    if (total >= max) throw new AppError(409, 'subAccountCeiling', { max });
    if (recent.length >= perWindow) {
      const left = recent[recent.length - perWindow]! + windowMs - now();
      throw new AppError(429, 'tooManySubAccounts', { seconds: Math.max(1, Math.ceil(left / 1000)) });
    }
  }

  const toSubAccount = (a: NonNullable<Awaited<ReturnType<AccountRepo['findById']>>>): SubAccount => ({
    id: a.id,
    username: a.username,
    nickname: a.nickname,
    level: levelNow(a, now()).level as SubAccount['level'],
    disabled: a.disabled ? 1 : 0,
    office_id: a.office_id,
    createtime: Math.floor(a.created_at / 1000),
  });

  async function createAccount(input: {
    username: string;
    password: string;
    nickname?: string;
    /** The membership a new account starts with (docs/membership.md#sub-accounts); level 0 without end when left out. */
    level?: StoredLevel;
    parentId: number | null;
    officeId: number | null;
  }) {
    if (await repo.findByUsername(input.username)) throw conflict('usernameTaken');
    await assertStrongPassword(input.password, [input.username, input.nickname ?? '']);
    try {
      return await repo.insertAccount({
        username: input.username,
        password_hash: await passwords.hash(input.password),
        nickname: input.nickname ?? input.username,
        ...(input.level ?? { level: 0, level_ends_at: null, level_base: 0 }),
        parent_id: input.parentId,
        office_id: input.officeId,
        created_at: now(),
      });
    } catch (e) {
      // Two registrations of one name at once: the unique index decides, the loser hears why.
      if (isUniqueViolation(e)) throw conflict('usernameTaken');
      throw e;
    }
  }

  const resolver: SessionResolver = {
    async resolve(token) {
      const tokenHash = sha256(token);
      const cached = sessions.get(tokenHash);
      if (cached) return cached;
      const mark = sessions.mark();
      const s = await repo.findSession(tokenHash);
      if (!s) return undefined;
      if (s.expires_at <= now()) {
        await repo.deleteSession(tokenHash);
        return 'expired';
      }
      const caller = await callerOf(s);
      // A cached caller never outlives its level (docs/membership.md#the-end): the next request after the end reads again.
      const levelEnds = levelNow(s, now()).endsAt;
      if (caller !== 'disabled')
        sessions.set(tokenHash, caller, levelEnds === null ? s.expires_at : Math.min(s.expires_at, levelEnds), mark);
      return caller;
    },
    async resolveAccount(id) {
      const a = await repo.findById(id);
      return a ? callerOf(a) : undefined;
    },
  };

  async function callerOf(
    a: StoredLevel & {
      id: number;
      username: string;
      nickname: string;
      parent_id: number | null;
      office_id: number | null;
      disabled: number;
    },
  ): Promise<Caller | 'disabled'> {
    if (a.disabled) return 'disabled';
    const children = a.parent_id === null ? await repo.childIds(a.id) : [];
    return {
      id: a.id,
      username: a.username,
      nickname: a.nickname,
      // The level in force now (docs/membership.md#the-end): what product authorization and the level cookie read.
      level: levelNow(a, now()).level,
      parentId: a.parent_id,
      officeId: a.office_id,
      scope: { accountIds: [a.id, ...children] },
    };
  }

  /** The session a successful login opens, with its token (the routes put it in the cookie or, for apiToken, the answer). */
  type OpenedSession = Session & { token: string };

  return {
    resolver,
    info,

    /**
     * Runs a change to accounts made outside this module (a membership purchase writing the family's level,
     * docs/membership.md#buying): the session cache is emptied before and after, as for the module's own changes.
     */
    changing: <R>(f: () => Promise<R>): Promise<R> => changed(f)(),

    /** When the session of a raw token ends (milliseconds), if it is one: a cookie set again ends with it. */
    async sessionExpiry(token: string): Promise<number | undefined> {
      return (await repo.findSession(sha256(token)))?.expires_at;
    },

    /** As a login: the session, and the device cookie naming the new account (`device`: the one the client sent). */
    async register(
      input: { username: string; password: string; nickname?: string },
      device?: string,
    ): Promise<OpenedSession & { device: string }> {
      const id = await createAccount({ ...input, parentId: null, officeId: null });
      return { ...(await openSession(id)), device: throttle.remember(input.username, device) };
    },

    /**
     * `device` is the device cookie the client sent, if any (docs/security.md#throttling); a login answers the
     * one to set, naming this account too.
     */
    async login(
      input: { username: string; password: string },
      address: string,
      device?: string,
    ): Promise<OpenedSession & { device: string }> {
      await throttle.check(input.username, address, device);
      const account = await repo.findByUsername(input.username);
      const ok = account ? await passwords.verify(account.password_hash, input.password) : await passwords.verifyNothing(input.password);
      if (!account || !ok) {
        await throttle.failed(input.username, address);
        throw new AppError(401, 'wrongCredentials');
      }
      if (account.disabled) throw new AppError(403, 'accountDisabled');
      await throttle.succeeded(input.username, address);
      return { ...(await openSession(account.id)), device: throttle.remember(input.username, device) };
    },

    logout: (token: string | undefined) => (token ? repo.deleteSession(sha256(token)) : Promise.resolve()),

    async accountList(caller: Caller, lang: Lang): Promise<AccountOption[]> {
      const children = await repo.childrenInScope(caller.scope);
      if (children.length === 0) return [{ id: caller.id, nickname: caller.nickname, username: caller.username }];
      return [
        { id: SELF_ACCOUNT_ID, nickname: message('self', lang), username: caller.username },
        ...children.map((c) => ({ id: c.id, nickname: c.nickname, username: c.username })),
      ];
    },

    async childList(caller: Caller): Promise<SubAccount[]> {
      const self = await repo.findById(caller.id);
      if (!self) throw notFound();
      return [toSubAccount(self), ...(await repo.childrenInScope(caller.scope)).map(toSubAccount)];
    },

    async createChild(
      caller: Caller,
      input: { username: string; password: string; nickname?: string; office_id?: number },
    ): Promise<SubAccount> {
      if (caller.parentId !== null) throw forbidden('subAccountCannotManage');
      if (input.office_id !== undefined && !(await repo.officeInScope(caller.scope, input.office_id))) throw notFound();
      await checkSubAccountLimits(caller.id);
      // The parent's membership as it stands, with its end (docs/membership.md#sub-accounts).
      const parent = await repo.findById(caller.id);
      if (!parent) throw notFound();
      const held = levelNow(parent, now());
      const level = { level: held.level, level_ends_at: held.endsAt, level_base: held.base };
      const id = await createAccount({ ...input, level, parentId: caller.id, officeId: input.office_id ?? null });
      const row = await repo.findById(id);
      if (!row) throw notFound();
      return toSubAccount(row);
    },

    async setChildDisabled(caller: Caller, id: number, disabled: 0 | 1) {
      const child = await repo.childInScope(caller.scope, id);
      if (!child) throw notFound();
      await repo.setDisabled(id, disabled);
      if (disabled) await repo.deleteSessionsOf(id);
    },

    async officeList(caller: Caller): Promise<Office[]> {
      const rows = await repo.officesVisible(caller.scope, caller.officeId);
      return rows.map((o) => ({ id: o.id, name: o.name, member_count: o.member_count ?? 0 }));
    },

    async officeAdd(caller: Caller, name: string): Promise<Office> {
      if (caller.parentId !== null) throw forbidden('subAccountCannotManage');
      const id = await repo.insertOffice({ owner_id: caller.id, name, created_at: now() });
      return { id, name, member_count: 0 };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
