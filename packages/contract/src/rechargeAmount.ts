// Zod-free: the phone's and the back office's recharge forms check the amount as the server does.

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
