import Decimal from 'decimal.js';
import { BILL_TYPE, walletQueries } from '../modules/wallet/index.js';
import type { DemoContentDeps } from './deps.js';

/** The demo family's wallet starts with a recharge of ¥1,000.00 (docs/orders.md#the-wallet): a first order can be paid. */
const DEMO_CREDIT = '1000.00';
const DEMO_REF = 'demo-credit';

export async function seedDemoWallet(deps: DemoContentDeps): Promise<void> {
  const { db } = deps;
  const demo = await db.selectFrom('account').select('id').where('username', '=', 'demo').executeTakeFirst();
  if (!demo) return;
  const owner = Number(demo.id);
  await db.transaction().execute(async (trx) => {
    const wallet = walletQueries(trx);
    if (await wallet.hasMovement(BILL_TYPE.recharge, DEMO_REF)) return;
    await wallet.move(
      {
        walletId: owner,
        accountId: owner,
        officeId: 0,
        type: BILL_TYPE.recharge,
        amount: new Decimal(DEMO_CREDIT),
        orderNo: '',
        ref: DEMO_REF,
        at: deps.now(),
      },
      false,
    );
  });
  deps.log(`Demo wallet credited ¥${DEMO_CREDIT}`);
}
