import { z } from 'zod';
import { commaJoinedIds, num, oneOfNumbers } from './numbers.js';
import { billLine } from './orders.js';
import { defineRoute } from './route.js';
import type { ValidationMessageKey } from './validationMessages.js';

/** The wallet's bill lines, their totals and each account's share (docs/orders.md#bills). */

/** Money as decimal text with two places ("-12.50", "0.00"): summed exactly, never as a float. */
const moneyText = z.string();
const END_BEFORE_START: ValidationMessageKey = 'fieldEndBeforeStart';

/** The bill types a seller filters by: 1 充值 recharge, 2 订单支付 order payment, 3 退款 refund, 4 会员 membership (docs/membership.md). */
export const BILL_TYPES = [1, 2, 3, 4] as const;

/** What the bill list, its statistics and the per-account statistics filter by (the same for the three). */
const billFilterFields = {
  type: num(oneOfNumbers(BILL_TYPES)).optional(),
  /** Through the order a line refers to: a recharge refers to none, so it drops out when either is given. */
  store_id: num(z.number().int().min(0)).optional(),
  orders_type: num(z.number().int().min(1).max(2)).optional(),
  /** Unix seconds, both inclusive (as the order list: the end's whole second counts). */
  start_time: num(z.number().int().min(0)).optional(),
  end_time: num(z.number().int().min(0)).optional(),
  /** The office recorded on the line (the mover's office at the time). */
  office_id: num(z.number().int().min(0)).optional(),
  /** Accounts of the caller's scope (0: the caller), comma-joined. */
  userids: commaJoinedIds()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The account that moved the money: its username exactly or its beginning. */
  username: z.string().trim().max(64).optional(),
};

/** A day range the wrong way round is refused naming end_time, rather than answering nothing. */
const timeRange = <T extends { start_time?: number; end_time?: number }>(q: T) =>
  q.start_time === undefined || q.end_time === undefined || q.start_time <= q.end_time;
const timeRangeIssue = { message: END_BEFORE_START, path: ['end_time'] };

const billFilter = z.object(billFilterFields).refine(timeRange, timeRangeIssue);
export type BillFilterQuery = z.output<typeof billFilter>;

const billListQuery = z
  .object({
    ...billFilterFields,
    pageNumber: num(z.number().int().min(1).max(100_000)).default(1),
    pageSize: num(z.number().int().min(1).max(100)).default(20),
  })
  .refine(timeRange, timeRangeIssue);
export type BillListQuery = z.output<typeof billListQuery>;

/** What a bills export writes: 1 the bill lines, 2 the per-account statistics of childStatistics (docs/orders.md#export). */
export const BILL_EXPORT_TYPES = [1, 2] as const;

const billExportQuery = z
  .object({ ...billFilterFields, exporttype: num(oneOfNumbers(BILL_EXPORT_TYPES)) })
  .refine(timeRange, timeRangeIssue);
export type BillExportQuery = z.output<typeof billExportQuery>;

/** A bills export as the export log lists it. */
export const billExportRecord = z.object({
  id: z.number().int(),
  exporttype: z.number().int(),
  status: z.enum(['waiting', 'running', 'done', 'failed']),
  row_count: z.number().int(),
  /** Bytes of the stored file (0 until done). */
  size: z.number().int(),
  createtime: z.number().int(),
  /** The download call's address once done, else ''. */
  download_url: z.string(),
});
export type BillExportRecord = z.output<typeof billExportRecord>;

export const billRoutes = {
  billList: defineRoute({
    method: 'GET',
    path: '/api/bill/getlist',
    summary: "The bill lines of the caller's scope, newest first (a sub-account sees its own)",
    tag: 'orders',
    auth: true,
    query: billListQuery,
    data: z.object({ count: z.number().int(), list: z.array(billLine) }),
  }),
  billStatistics: defineRoute({
    method: 'GET',
    path: '/api/bill/statistics',
    summary:
      'Totals of the bill lines over the same filters: recharged, paid, refunded, spent on membership, net, orders paid and their units',
    tag: 'orders',
    auth: true,
    query: billFilter,
    data: z.object({
      recharge: moneyText,
      /** Money spent on orders, as a positive figure. */
      payment: moneyText,
      refund: moneyText,
      /** Money spent on membership (docs/membership.md), as a positive figure. */
      membership: moneyText,
      /** Every line's signed amount added up. */
      net: moneyText,
      /** Orders with a payment line among the lines, and their units. */
      orders: z.number().int(),
      units: z.number().int(),
    }),
  }),
  billChildStatistics: defineRoute({
    method: 'GET',
    path: '/api/bill/childStatistics',
    summary: "Each account's orders, units, money spent and refunded over the same filters: the caller first, then its sub-accounts",
    tag: 'orders',
    auth: true,
    query: billFilter,
    data: z.object({
      list: z.array(
        z.object({
          userid: z.number().int(),
          username: z.string(),
          orders: z.number().int(),
          units: z.number().int(),
          spent: moneyText,
          refunded: moneyText,
        }),
      ),
    }),
  }),
  billExport: defineRoute({
    method: 'GET',
    path: '/api/bill/export',
    summary:
      "Start an .xlsx export of the bill lines (exporttype 1) or of each account's statistics (2) over the bill list's filters; answers the export record",
    tag: 'orders',
    auth: true,
    query: billExportQuery,
    data: z.object({ id: z.number().int() }),
  }),
  billExportLog: defineRoute({
    method: 'GET',
    path: '/api/bill/exportLog',
    summary: "The bills exports of the caller's scope, newest first (a sub-account sees its own)",
    tag: 'orders',
    auth: true,
    query: z.object({
      pageNumber: num(z.number().int().min(1).max(100_000)).default(1),
      pageSize: num(z.number().int().min(1).max(100)).default(20),
    }),
    data: z.object({ count: z.number().int(), list: z.array(billExportRecord) }),
  }),
  billExportDownload: defineRoute({
    method: 'GET',
    path: '/api/bill/exportDownload',
    summary: 'The file of a finished bills export, as an attachment bills-<day>-<id>.xlsx',
    tag: 'orders',
    auth: true,
    query: z.object({ id: num(z.number().int().positive()) }),
    data: z.null(),
  }),
} as const;
