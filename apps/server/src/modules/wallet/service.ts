import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import type { AccountRepo } from '../accounts/index.js';
import { billLineOut, walletQueries } from './queries.js';

/** The wallet a caller spends from: its top-level account's (docs/orders.md#the-wallet). */
export const walletOf = (caller: Pick<Caller, 'id' | 'parentId'>) => caller.parentId ?? caller.id;

/** GET /api/wallet/getInfo: the balance and the latest movements. */
export function createWalletService(deps: { db: Kysely<Database>; accounts: Pick<AccountRepo, 'namesByIds'> }) {
  const q = walletQueries(deps.db);
  async function info(caller: Caller) {
    const wallet = walletOf(caller);
    // A sub-account sees the family's balance but only its own movements (its scope).
    const [balance, bills, names] = await Promise.all([
      q.balance(wallet),
      q.latestBills(wallet, caller.scope.accountIds, 20),
      deps.accounts.namesByIds(caller.scope.accountIds),
    ]);
    return {
      balance: balance.toFixed(2),
      currency: 'CNY' as const,
      bills: bills.map((b) => billLineOut(b, names)),
    };
  }
  return { info };
}
export type WalletService = ReturnType<typeof createWalletService>;
