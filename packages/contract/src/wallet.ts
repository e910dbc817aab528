import { z } from 'zod';
import { num } from './numbers.js';
import { defineRoute } from './route.js';

/** Recharging the wallet through the payment provider (docs/orders.md#recharging). */

export { RECHARGE_MIN, RECHARGE_MAX, rechargeAmount } from './rechargeAmount.js';

/** A recharge's state: waiting for the payment, paid (the wallet credited), or closed unpaid. */
export const RECHARGE_STATUSES = ['pending', 'paid', 'closed'] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

export const walletRoutes = {
  walletRecharge: defineRoute({
    method: 'POST',
    path: '/api/wallet/recharge',
    summary: "Starts a recharge of the caller's wallet: answers the payment provider's pay page to open",
    tag: 'orders',
    auth: true,
    // Decimal text or a number; the bounds and decimals are checked by rechargeAmount (one message for all).
    body: z.strictObject({
      amount: z.union([z.string().max(20), z.number()]),
      /** Where the pay page sends the seller back: the back office's wallet (default) or the phone's personal centre. */
      back_to: z.enum(['wallet', 'phone']).default('wallet'),
    }),
    data: z.object({ recharge_id: z.number().int(), pay_url: z.string() }),
  }),
  walletGetRecharge: defineRoute({
    method: 'GET',
    path: '/api/wallet/getRecharge',
    summary: "One of the caller's recharges and its state (followed by the wallet page after the payment)",
    tag: 'orders',
    auth: true,
    query: z.object({ id: num(z.number().int().positive()) }),
    data: z.object({
      id: z.number().int(),
      amount: z.string(),
      status: z.enum(RECHARGE_STATUSES),
      out_trade_no: z.string(),
      /** Unix seconds; paid_at 0 until paid. */
      createtime: z.number().int(),
      paid_at: z.number().int(),
    }),
  }),
} as const;
