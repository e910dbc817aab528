import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import {
  MEMBERSHIP_MONTHS,
  MEMBERSHIP_PRICES,
  message,
  TIER_LABELS,
  USER_LEVELS,
  type Lang,
  type MembershipMonths,
  type MembershipPaidLevel,
  type MembershipPlan,
  type MembershipState,
  type ParsedBodyOf,
  type routes,
  type UserLevel,
} from '@app/contract';
import type { Database } from '../../db/schema.js';
import type { DialectName } from '../../db/dialect.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import { levelNow, type AccountLevelQueries, type AccountService, type LevelNow, type StoredLevel } from '../accounts/index.js';
import type { CatalogueRepo } from '../catalogue/index.js';
import { BILL_TYPE, moneyTransaction, WalletRace, walletOf, type WalletQueries } from '../wallet/index.js';
import { addMonths, chinaDate } from './periods.js';
import { membershipQueries } from './repo.js';

/** What membership needs of other modules; the queries are bound to the purchase's transaction (docs/domain.md#table-owners). */
export interface MembershipDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The family's level columns (the accounts module's). */
  levels: (trx: Kysely<Database>) => AccountLevelQueries;
  wallet: (trx: Kysely<Database>) => WalletQueries;
  catalogue: Pick<CatalogueRepo, 'levelCounts'>;
  /** Empties the session cache around the purchase, so the next request of every account of the family reads the new level. */
  accounts: Pick<AccountService, 'changing'>;
  now: () => number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The answer of a purchase: the level in force after it, its end (unix seconds), what was charged and the balance after. */
export interface UpgradeResult {
  level: UserLevel;
  ends_at: number;
  price: string;
  balance: string;
}

/**
 * Membership (docs/membership.md): the plans and their prices, and buying a level from the wallet for a top-level
 * account's whole family, in one transaction with its bill line (type 4).
 */
export function createMembershipService(deps: MembershipDeps) {
  const { db, now } = deps;
  const lock = deps.dialect === 'postgres';

  /** GET /api/member/getPlans: every level, what it unlocks and its prices; the caller's membership when logged in. */
  async function plans(caller: Caller | undefined, lang: Lang) {
    const counts = await deps.catalogue.levelCounts();
    const plans = USER_LEVELS.map((level): MembershipPlan => {
      let products = 0;
      for (const [needed, n] of counts) if (needed <= level) products += n;
      return {
        level,
        name: message(`memberPlan${level}` as const, lang),
        products,
        material_tier: level === 0 ? null : TIER_LABELS[level][lang],
        prices: level === 0 ? [] : MEMBERSHIP_MONTHS.map((months) => ({ months, price: MEMBERSHIP_PRICES[level][months] })),
      };
    });
    return { currency: 'CNY' as const, plans, current: caller ? await current(caller) : null };
  }

  /** The caller's membership now (a sub-account carries its parent's). */
  async function current(caller: Caller): Promise<MembershipState> {
    const stored = await deps.levels(db).read(caller.id, false);
    if (!stored) throw notFound();
    const held = levelNow(stored, now());
    return {
      level: held.level as UserLevel,
      ends_at: held.endsAt === null ? null : seconds(held.endsAt),
      is_parent: caller.parentId === null,
    };
  }

  /**
   * What buying `level` for `months` at `at` makes of the membership in force (docs/membership.md#buying), or the
   * refusal: the same paid level extends from its end; a higher one runs from now (what was left of the lower one is
   * not carried over); a lower one waits until the paid level in force ends; a level granted without end is
   * only ever bought over.
   */
  function next(held: LevelNow, level: MembershipPaidLevel, months: MembershipMonths, at: number) {
    if (held.endsAt === null) {
      // No paid level in force: level 0, or a level the operator granted without end (the base to return to).
      if (level <= held.level) throw new AppError(409, 'memberGranted', { level: held.level });
      return { startsAt: at, stored: { level, level_ends_at: addMonths(at, months), level_base: held.level } };
    }
    if (level < held.level) throw new AppError(409, 'memberDowngrade', { level: held.level, date: chinaDate(held.endsAt) });
    if (level === held.level)
      return { startsAt: held.endsAt, stored: { level, level_ends_at: addMonths(held.endsAt, months), level_base: held.base } };
    return { startsAt: at, stored: { level, level_ends_at: addMonths(at, months), level_base: held.base } };
  }

  /** A refused debit said as membership says it: the price, the balance and what is missing. */
  function shortfall(e: unknown, price: Decimal): unknown {
    if (!(e instanceof AppError) || e.key !== 'walletShortfall') return e;
    const missing = new Decimal(e.params.missing ?? 0);
    return new AppError(402, 'memberShortfall', {
      price: price.toFixed(2),
      balance: price.minus(missing).toFixed(2),
      missing: missing.toFixed(2),
    });
  }

  /**
   * POST /api/member/upgrade (docs/membership.md#buying): one transaction reads the family's level (its row locked
   * on PostgreSQL), records the purchase, debits the wallet with a 会员 bill line and writes the new level to the
   * account and its sub-accounts; a refusal changes nothing. The session cache is emptied around it.
   */
  async function upgrade(caller: Caller, body: ParsedBodyOf<typeof routes.memberUpgrade>): Promise<UpgradeResult> {
    if (caller.parentId !== null) throw new AppError(403, 'memberSubAccount');
    const level = body.level as MembershipPaidLevel;
    const months = body.months as MembershipMonths;
    const price = new Decimal(MEMBERSHIP_PRICES[level][months]);
    const requestId = body.request_id ?? null;
    const wallet = walletOf(caller);

    // A double submit racing the first: the unique request id refuses the second insert, and its run again answers the first.
    const run = () =>
      moneyTransaction(
        db,
        async (trx): Promise<UpgradeResult> => {
          const at = now();
          const purchases = membershipQueries(trx);
          const levels = deps.levels(trx);
          if (requestId !== null) {
            const done = await purchases.byRequest(caller.id, requestId);
            if (done) {
              if (done.level !== level || done.months !== months) throw new AppError(409, 'memberRequestReused');
              const stored = await levels.read(caller.id, false);
              const held = levelNow(stored ?? { level: 0, level_ends_at: null, level_base: 0 }, at);
              return {
                level: held.level as UserLevel,
                ends_at: seconds(held.endsAt ?? done.ends_at),
                price: done.price,
                balance: (await deps.wallet(trx).balance(wallet)).toFixed(2),
              };
            }
          }
          const stored: StoredLevel | undefined = await levels.read(caller.id, lock);
          if (!stored) throw notFound();
          const held = levelNow(stored, at);
          const { startsAt, stored: after } = next(held, level, months, at);
          const id = await purchases.insert({
            account_id: caller.id,
            level,
            months,
            price: price.toFixed(2),
            level_before: held.level,
            ends_before: held.endsAt,
            starts_at: startsAt,
            ends_at: after.level_ends_at,
            request_id: requestId,
            created_at: at,
          });
          let balance: Decimal;
          try {
            balance = await deps.wallet(trx).move(
              {
                walletId: wallet,
                accountId: caller.id,
                officeId: caller.officeId ?? 0,
                type: BILL_TYPE.membership,
                amount: price.negated(),
                orderNo: '',
                // Unique per type on bills: the purchase's own number.
                ref: `M${id}`,
                at,
              },
              lock,
            );
          } catch (e) {
            throw shortfall(e, price);
          }
          // Another change of the family's level in between (SQLite without row locks): run again on what it is now.
          if (!(await levels.setFamily(caller.id, after, stored))) throw new WalletRace();
          return {
            level: after.level as UserLevel,
            ends_at: seconds(after.level_ends_at),
            price: price.toFixed(2),
            balance: balance.toFixed(2),
          };
        },
        isUniqueViolation,
      );
    return deps.accounts.changing(run);
  }

  return { plans, current, upgrade };
}
export type MembershipService = ReturnType<typeof createMembershipService>;
