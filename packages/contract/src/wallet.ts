import { z } from 'zod';
import { num } from './numbers.js';
import { defineRoute } from './route.js';

/** Recharging the wallet through the payment provider (docs/orders.md#recharging). */

/** A recharge's bounds in yuan (docs/orders.md#recharging). */
export const RECHARGE_MIN = '0.01';
export const RECHARGE_MAX = '100000.00';
/** Yuan as the seller types it: whole yuan or up to two decimals, no sign, exponent or spaces inside. */
const AMOUNT_TEXT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The amount of a recharge as two-decimal text ("50.00"), or undefined when it is not one: not a number, more
 * than two decimals, or outside 0.01–100000.00. The server and the recharge dialog read it the same way; it is
 * compared as text digits, never as a float.
 */
export function rechargeAmount(input: string | number): string | undefined {
  const s = String(input).trim();
  if (!AMOUNT_TEXT.test(s)) return undefined;
  const [whole = '0', frac = ''] = s.split('.');
  const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  if (cents < 1n || cents > 10_000_000n) return undefined;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

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
    body: z.strictObject({ amount: z.union([z.string().max(20), z.number()]) }),
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
