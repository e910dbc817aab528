import type { AppConfig } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { Signer } from '../../secrets/index.js';
import type { AccountRepo } from './repo.js';

/** The purpose device cookies are signed under: a token signed for anything else is worthless here. */
const DEVICE_PURPOSE = 'login-device';
/** Accounts one device cookie remembers (the most recent first): a shared office computer, a parent and its sub-accounts. */
const DEVICE_ACCOUNTS_MAX = 10;

interface DevicePayload {
  u: string[];
}

/**
 * How long a failed login makes the next one wait (docs/security.md#throttling), never locking the seller out:
 *
 * - per (username, address): after `maxPerPair` failures within the window, each attempt from that address waits
 *   after the last failure, twice as long each time (`delayMs`, 2×, 4× …, at most the window). Other addresses'
 *   failures never count here.
 * - per account, across addresses: after `maxPerAccount` failures within the window (many addresses guessing one
 *   account), an attempt from a device that has not logged in to it before waits the same growing delays after
 *   the account's last failure. A device that has (it carries a signed device cookie naming the account, OWASP's
 *   device-cookie approach) passes: the seller does not feel an attack on their account from elsewhere.
 *
 * A refusal comes before the password is checked, as 429 with the seconds to wait: no attempt is held open.
 */
export function createLoginThrottle(deps: {
  repo: Pick<AccountRepo, 'countFailures' | 'countAccountFailures' | 'insertFailure' | 'clearFailures' | 'pruneFailures'>;
  signer: Signer;
  config: Pick<AppConfig, 'now' | 'loginThrottle'>;
}) {
  const { repo, signer, config } = deps;
  const now = () => config.now();

  /** Milliseconds left of the wait after `count` failures past `free`, the last at `latest`. */
  function waitLeft(count: number, free: number, latest: number | null): number {
    const { windowMs, delayMs } = config.loginThrottle;
    if (count < free || latest === null) return 0;
    return latest + Math.min(windowMs, delayMs * 2 ** (count - free)) - now();
  }

  const accountsOf = (deviceToken: string | undefined): string[] =>
    (deviceToken ? signer.verify<DevicePayload>(DEVICE_PURPOSE, deviceToken)?.u : undefined) ?? [];

  return {
    /** Throws 429 when this attempt must wait; `deviceToken` is the device cookie, if the client sent one. */
    async check(username: string, address: string, deviceToken: string | undefined) {
      const { windowMs, maxPerPair, maxPerAccount } = config.loginThrottle;
      const since = now() - windowMs;
      const pair = await repo.countFailures(username, address, since);
      const pairLeft = waitLeft(pair.count, maxPerPair, pair.latest);
      if (pairLeft > 0) throw new AppError(429, 'tooManyLogins', { seconds: Math.ceil(pairLeft / 1000) });
      if (accountsOf(deviceToken).includes(username)) return;
      const account = await repo.countAccountFailures(username, since);
      const accountLeft = waitLeft(account.count, maxPerAccount, account.latest);
      if (accountLeft > 0) throw new AppError(429, 'tooManyLoginsAccount', { seconds: Math.ceil(accountLeft / 1000) });
    },

    async failed(username: string, address: string) {
      await repo.insertFailure({ username, address, at: now() });
      await repo.pruneFailures(now() - config.loginThrottle.windowMs);
    },

    /** A login succeeded: this address starts afresh for the account. */
    succeeded: (username: string, address: string) => repo.clearFailures(username, address),

    /**
     * The device cookie to set after a login or registration: naming this account first (the others it named
     * kept), valid for `deviceTtlMs` from now.
     */
    remember(username: string, deviceToken: string | undefined): string {
      const accounts = [username, ...accountsOf(deviceToken).filter((u) => u !== username)].slice(0, DEVICE_ACCOUNTS_MAX);
      return signer.sign(DEVICE_PURPOSE, { u: accounts } satisfies DevicePayload, config.loginThrottle.deviceTtlMs);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
