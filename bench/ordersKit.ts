/**
 * What the orders benches share (bench/orders.ts, bench/ordersFlow.ts): the demo seller signed in to an app in this
 * process, its calls, a shipping address, and money put on its wallet as a recharge bill line.
 */
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { routes } from '@app/contract';
import type { Database } from '../apps/server/src/db/schema.js';
import { BILL_TYPE, walletQueries } from '../apps/server/src/modules/wallet/index.js';

/** Where the benches' orders go. */
export const BENCH_ADDRESS = {
  recipient: 'Bench',
  phone: '+1 555 0100',
  country: 'US',
  province: 'CA',
  city: 'SF',
  address1: '1 Market St',
  postcode: '94105',
};

export interface Answer {
  status: number;
  body: { code: number; msg: string; data: Record<string, unknown> };
}

/** The demo seller (`demo` / `demo1234`) signed in: its account id, a call with its cookie, and a credit. */
export async function demoSeller(app: FastifyInstance, db: Kysely<Database>) {
  const owner = Number((await db.selectFrom('account').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id);
  const login = await app.inject({ method: 'POST', url: routes.login.path, payload: { username: 'demo', password: 'demo1234' } });
  const cookie = `token=${login.cookies.find((c) => c.name === 'token')!.value}`;
  const call = async (route: { method: string; path: string }, payload?: object): Promise<Answer> => {
    const res = await app.inject({ method: route.method as 'POST', url: route.path, payload, headers: { cookie } });
    return { status: res.statusCode, body: res.json() };
  };
  /** Puts `amount` on the wallet as a recharge line whose reference is `ref`. */
  const credit = (amount: Decimal.Value, ref: string) =>
    db.transaction().execute((trx) =>
      walletQueries(trx).move(
        {
          walletId: owner,
          accountId: owner,
          officeId: 0,
          type: BILL_TYPE.recharge,
          amount: new Decimal(amount),
          orderNo: '',
          ref,
          at: Date.now(),
        },
        false,
      ),
    );
  return { owner, call, credit };
}
