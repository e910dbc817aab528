import { z } from 'zod';
import { CART_CHECKOUT_MAX, STATE_CODE_COUNTRIES } from './constants.js';
import { commaJoinedIds, distinctIds, num } from './numbers.js';
import { defineRoute } from './route.js';
import { marketOrderView, orderProfit } from './marketOrders.js';
import type { ValidationMessageKey } from './validationMessages.js';

/** Orders and money (docs/orders.md): checkout from the cart, the order's flow, the wallet. */

const id = num(z.number().int().positive());
const FORMAT: ValidationMessageKey = 'fieldFormat';
const STATE_CODE: ValidationMessageKey = 'fieldStateCode';

const text = (min: number, max: number) => z.string().trim().min(min).max(max);
/** Money as decimal text with two places at most ("12.50"): computed exactly, never as a float. */
const moneyText = z.string();

/** A shipping address as the checkout takes it; `country` is ISO 3166-1 alpha-2 (a country we ship to). */
const addressFields = z.strictObject({
  recipient: text(1, 100),
  phone: z
    .string()
    .trim()
    // At least five digits, with +, spaces, brackets and dashes as people write them.
    .regex(/^\+?(?:[\s()-]*\d){5,20}[\s()-]*$/, FORMAT),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, FORMAT),
  province: text(0, 100).default(''),
  city: text(1, 100),
  address1: text(1, 200),
  address2: text(0, 200).default(''),
  postcode: text(1, 20),
});
export const orderAddress = addressFields.superRefine((a, ctx) => {
  if ((STATE_CODE_COUNTRIES as readonly string[]).includes(a.country) && !/^[A-Za-z]{2,3}$/.test(a.province))
    ctx.addIssue({ code: 'custom', path: ['province'], message: STATE_CODE });
});
export type OrderAddress = z.infer<typeof orderAddress>;
/** A remembered address as listed (one saved before a rule was added is still shown). */
export const savedAddress = addressFields.extend({
  postcode: z.string(),
  province: z.string(),
  id: z.number().int(),
  used_at: z.number().int(),
});

export const shippingMethod = z.object({
  id: z.string(),
  name: z.string(),
  price: moneyText,
  /** Delivery days, as a range ("7-12"). */
  days: z.string(),
});

export const orderLine = z.object({
  id: z.number().int(),
  finished_id: z.number().int(),
  key_id: z.string(),
  product_id: z.number().int(),
  sku_id: z.number().int(),
  product_name: z.string(),
  color: z.string(),
  size: z.string(),
  price: moneyText,
  num: z.number().int(),
  line_total: moneyText,
  img_urls: z.array(z.string()),
});

export const orderSummary = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  orders_type: z.number().int(),
  store_id: z.number().int(),
  owner_id: z.number().int(),
  username: z.string(),
  recipient: z.string(),
  country: z.string(),
  units: z.number().int(),
  items_amount: moneyText,
  shipping_amount: moneyText,
  total: moneyText,
  /** Unix seconds. */
  createtime: z.number().int(),
  thumb: z.string(),
  /** Why the order waits on the seller (a catalogue message key: the factory refused it), or ''. */
  exception: z.string(),
  /** The factory's own words on a refusal (English, as it sent them): the message's {detail}. */
  exception_detail: z.string(),
  /** A marketplace buyer's order (orders_type 2): the marketplace's side, and the order's profit. */
  market: marketOrderView.nullable(),
  profit: orderProfit.nullable(),
});

export const orderDetail = orderSummary.extend({
  lines: z.array(orderLine),
  address: orderAddress,
  shipping_method: shippingMethod.pick({ id: true, name: true, days: true }),
  history: z.array(z.object({ status: z.number().int(), time: z.number().int(), note: z.string() })),
  carrier: z.string(),
  tracking_no: z.string(),
  tracking_url: z.string(),
  /** The factory's last word on the order: '', submitted, in_production, on_hold, shipped, delivered, refused, canceled. */
  production_state: z.string(),
});

export const billLine = z.object({
  id: z.number().int(),
  /** 1 recharge, 2 order payment, 3 refund, 4 membership. */
  type: z.number().int(),
  amount: moneyText,
  balance: moneyText,
  order_no: z.string(),
  username: z.string(),
  office_id: z.number().int(),
  createtime: z.number().int(),
});

const orderListQuery = z.object({
  status: num(z.number().int().min(0).max(5)).optional(),
  orders_type: num(z.number().int().min(1).max(2)).optional(),
  store_id: num(z.number().int().min(0)).optional(),
  /** An order number, or part of the recipient's name. */
  keyword: z.string().trim().max(100).optional(),
  start_time: num(z.number().int().min(0)).optional(),
  end_time: num(z.number().int().min(0)).optional(),
  userids: commaJoinedIds()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  office_id: num(z.number().int().min(0)).optional(),
  /** 1: only the orders held for the seller (the exceptions list). */
  exception: num(z.number().int().min(0).max(1)).optional(),
  pageNumber: num(z.number().int().min(1).max(100_000)).default(1),
  pageSize: num(z.number().int().min(1).max(100)).default(20),
});
export type OrderListQuery = z.output<typeof orderListQuery>;

export const orderRoutes = {
  shippingMethods: defineRoute({
    method: 'GET',
    path: '/api/shipping/getMethods',
    summary: "The shipping methods to a country for a parcel's weight (grams), with price and delivery days",
    tag: 'orders',
    auth: true,
    query: z.object({
      country: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, FORMAT),
      weight: num(z.number().int().min(1).max(100_000_000)),
    }),
    data: z.object({ list: z.array(shippingMethod) }),
  }),
  shippingCountries: defineRoute({
    method: 'GET',
    path: '/api/shipping/getCountries',
    summary: 'The countries orders are shipped to (ISO 3166-1 alpha-2)',
    tag: 'orders',
    auth: true,
    data: z.object({ list: z.array(z.string()) }),
  }),
  addressList: defineRoute({
    method: 'GET',
    path: '/api/address/getlist',
    summary: 'The addresses the caller shipped to, the latest first',
    tag: 'orders',
    auth: true,
    data: z.object({ list: z.array(savedAddress) }),
  }),
  orderCreate: defineRoute({
    method: 'POST',
    path: '/api/order/create',
    summary: 'An order of these cart lines to one address by one shipping method; the lines leave the cart',
    tag: 'orders',
    auth: true,
    body: z.strictObject({
      cart_ids: distinctIds(CART_CHECKOUT_MAX),
      address: orderAddress,
      shipping_method: z.string().trim().min(1).max(40),
    }),
    /** The amounts as the order was priced when placed (what paying it takes). */
    data: z.object({ id: z.number().int(), order_no: z.string(), items_amount: moneyText, shipping_amount: moneyText, total: moneyText }),
  }),
  orderList: defineRoute({
    method: 'GET',
    path: '/api/order/getlist',
    summary: 'Orders in scope, newest first, with the count per status',
    tag: 'orders',
    auth: true,
    query: orderListQuery,
    data: z.object({
      count: z.number().int(),
      list: z.array(orderSummary),
      /** Orders per status over the same filters but the status, and `exception`: those held for the seller. */
      counts: z.record(z.string(), z.number().int()),
    }),
  }),
  orderDetail: defineRoute({
    method: 'GET',
    path: '/api/order/getDetail',
    summary: "An order's lines, amounts, address, history and tracking",
    tag: 'orders',
    auth: true,
    query: z.object({ id }),
    data: orderDetail,
  }),
  orderPay: defineRoute({
    method: 'POST',
    path: '/api/order/pay',
    summary: 'Pays a pending order from the wallet',
    tag: 'orders',
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int(), status: z.number().int(), balance: moneyText }),
  }),
  orderRetryProduction: defineRoute({
    method: 'POST',
    path: '/api/order/retryProduction',
    summary: 'Sends an order the factory refused to production again (after the cause is put right)',
    tag: 'orders',
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
  productionPrintFile: defineRoute({
    method: 'GET',
    path: '/api/production/printFile',
    summary: "One print file of an order, for the factory's fetch: by a signed link only, made when the order was sent",
    tag: 'orders',
    auth: true,
    signedLink: true,
    query: z.object({ order: id, key: z.string().min(1).max(300), sig: z.string().max(400).optional() }),
    /** Answered as the PNG itself. */
    data: z.string(),
  }),
  orderCancel: defineRoute({
    method: 'POST',
    path: '/api/order/cancel',
    summary: 'Cancels an order before production; a paid one is refunded to the wallet',
    tag: 'orders',
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int(), status: z.number().int(), refunded: moneyText }),
  }),
  walletInfo: defineRoute({
    method: 'GET',
    path: '/api/wallet/getInfo',
    summary: "The wallet's balance (the top-level account's) and its latest movements",
    tag: 'orders',
    auth: true,
    data: z.object({ balance: moneyText, currency: z.literal('CNY'), bills: z.array(billLine) }),
  }),
} as const;
