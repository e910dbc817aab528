import { z } from 'zod';
import { level } from './accounts.js';
import { num, oneOfNumbers } from './numbers.js';
import { defineRoute } from './route.js';

/**
 * Membership (会员): the levels 0–3 an account has, bought from the wallet by a top-level account for its whole
 * family (docs/membership.md).
 */

/** The levels that are bought; 0 is free and never bought (docs/membership.md#plans). */
export const MEMBERSHIP_PAID_LEVELS = [1, 2, 3] as const;
export type MembershipPaidLevel = (typeof MEMBERSHIP_PAID_LEVELS)[number];

/** The periods a level is bought for, in calendar months (docs/membership.md#periods). */
export const MEMBERSHIP_MONTHS = [1, 3, 12] as const;
export type MembershipMonths = (typeof MEMBERSHIP_MONTHS)[number];

/**
 * The price list (docs/membership.md#prices): CNY as two-decimal text, per level and period. The one place the
 * prices are written: the server charges these and the plans call shows them.
 */
export const MEMBERSHIP_PRICES: Readonly<Record<MembershipPaidLevel, Readonly<Record<MembershipMonths, string>>>> = {
  1: { 1: '29.00', 3: '79.00', 12: '299.00' },
  2: { 1: '59.00', 3: '159.00', 12: '599.00' },
  3: { 1: '99.00', 3: '269.00', 12: '999.00' },
};

/** A purchase's own id from the client (docs/membership.md#buying-twice): the same id again charges once. */
export const MEMBERSHIP_REQUEST_ID_MAX = 64;

const moneyText = z.string();

export const membershipPlan = z.object({
  level,
  /** The plan's name in the caller's language (免费版, 入门版, 专业版, 旗舰版). */
  name: z.string(),
  /** Catalogue products designable at this level: those needing this level or a lower one. */
  products: z.number().int(),
  /** The material tier the level opens (TIER_LABELS, in the caller's language); null for level 0. */
  material_tier: z.string().nullable(),
  /** The periods on sale and their prices; none for level 0. */
  prices: z.array(z.object({ months: z.number().int(), price: moneyText })),
});
export type MembershipPlan = z.infer<typeof membershipPlan>;

/** The caller's membership as it stands now. */
export const membershipState = z.object({
  level,
  /** Unix seconds when the paid level ends; null when it has no end (level 0, or a level granted by the operator). */
  ends_at: z.number().int().nullable(),
  /** Only a top-level account buys; a sub-account's membership is its parent's. */
  is_parent: z.boolean(),
});
export type MembershipState = z.infer<typeof membershipState>;

export const membershipRoutes = {
  memberPlans: defineRoute({
    method: 'GET',
    path: '/api/member/getPlans',
    summary: "The membership levels, what each unlocks and its prices; the caller's level and its end when logged in",
    tag: 'membership',
    auth: false,
    optionalAuth: true,
    data: z.object({
      currency: z.literal('CNY'),
      plans: z.array(membershipPlan),
      /** Null for a visitor logged out. */
      current: membershipState.nullable(),
    }),
  }),
  memberUpgrade: defineRoute({
    method: 'POST',
    path: '/api/member/upgrade',
    summary:
      "Buys a level for some months from the wallet, for the caller's whole family (top-level accounts only); sets the level cookie again",
    tag: 'membership',
    auth: true,
    body: z.strictObject({
      level: num(oneOfNumbers(MEMBERSHIP_PAID_LEVELS)),
      months: num(oneOfNumbers(MEMBERSHIP_MONTHS)),
      /** Optional: a second call with the same id (a double submit) answers the first purchase and charges nothing. */
      request_id: z.string().trim().min(1).max(MEMBERSHIP_REQUEST_ID_MAX).optional(),
    }),
    data: z.object({
      level,
      /** Unix seconds when the level bought ends. */
      ends_at: z.number().int(),
      /** What was charged. */
      price: moneyText,
      /** The wallet's balance after. */
      balance: moneyText,
    }),
  }),
} as const;
