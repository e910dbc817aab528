import { invalid, missing } from './errors.js';
import type { Handler } from './gate.js';
import { LIMITS } from './limits.js';
import { ORDER_STATUSES, type OrderStatus } from './orderModel.js';
import { detail, listItem } from './orderViews.js';
import { fromPacific, toPacific } from './pacificTime.js';
import type { SandboxState } from './state.js';

/**
 * The order reads (docs/marketplace-a.md#orders): `aliexpress.trade.seller.orderlist.get` (a page of the shop's
 * orders, by creation or modification date and status: how a seller polls) and `aliexpress.solution.order.info.get`
 * (one order's detail). Field names and shapes are the open platform's; dates are Pacific (pacificTime.ts).
 */

type Obj = Record<string, unknown>;
const DAY = 86_400_000;
/** The message AliExpress answers for an order id that is wrong or another account's (docs/marketplace-a.md#order-codes). */
export const NOT_YOURS = '您填写的交易订单号有误或不属于当前账号';

export function jsonParam(raw: string | undefined, name: string): Obj {
  if (raw === undefined || raw === '') throw missing(name);
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw invalid('isv.invalid-json', `${name} is not valid JSON`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid('isv.invalid-json', `${name} must be a JSON object`);
  return v as Obj;
}

function whole(q: Obj, field: string, path: string, min: number, max: number, subCode: string): number {
  const v = q[field];
  if (v === undefined || v === null || v === '') throw missing(path);
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw invalid(subCode, `${path} ${String(v)} is outside ${min}–${max}`);
  return n;
}

/** The statuses asked: `order_status` and `order_status_list` (a list, or one status or a comma list as some SDKs send). */
function statusesOf(q: Obj): Set<OrderStatus> | null {
  const list = q.order_status_list;
  const asked = [
    ...(typeof q.order_status === 'string' && q.order_status !== '' ? [q.order_status] : []),
    ...(Array.isArray(list) ? list.map(String) : typeof list === 'string' && list !== '' ? list.split(',') : []),
  ].map((s) => s.trim());
  if (Array.isArray(list) && list.length > LIMITS.orderStatusListMax)
    throw invalid(
      'isv.order-status',
      `param_aeop_order_query.order_status_list holds ${list.length} statuses, at most ${LIMITS.orderStatusListMax}`,
    );
  for (const s of asked)
    if (!(ORDER_STATUSES as readonly string[]).includes(s)) throw invalid('isv.order-status', `${s} is not an order status`);
  return asked.length ? new Set(asked as OrderStatus[]) : null;
}

const sec = (ms: number) => Math.floor(ms / 1000) * 1000;

function dateOf(q: Obj, field: string): number | undefined {
  const v = q[field];
  if (v === undefined || v === null || v === '') return undefined;
  const ms = typeof v === 'string' ? fromPacific(v) : undefined;
  if (ms === undefined)
    throw invalid('isv.date-format', `param_aeop_order_query.${field} ${String(v)} is not yyyy-MM-dd HH:mm:ss (US Pacific)`);
  return ms;
}

export function tradeMethods(state: SandboxState, now: () => number): Record<string, Handler> {
  return {
    'aliexpress.trade.seller.orderlist.get': (shop, params) => {
      const q = jsonParam(params.param_aeop_order_query, 'param_aeop_order_query');
      const size = whole(q, 'page_size', 'param_aeop_order_query.page_size', 1, LIMITS.orderPageSizeMax, 'isv.page-size');
      const page = whole(q, 'current_page', 'param_aeop_order_query.current_page', 1, Number.MAX_SAFE_INTEGER, 'isv.current-page');
      const statuses = statusesOf(q);
      const [cs, ce, ms, me] = ['create_date_start', 'create_date_end', 'modified_date_start', 'modified_date_end'].map((f) =>
        dateOf(q, f),
      );
      if (ms !== undefined || me !== undefined) {
        // A modified-date query needs a creation range: 180 days at most, 30 when it asks finished orders.
        if (cs === undefined) throw missing('param_aeop_order_query.create_date_start');
        const days = statuses?.has('FINISH') ? LIMITS.orderFinishedRangeDays : LIMITS.orderRangeDays;
        if ((ce ?? now()) - cs > days * DAY)
          throw invalid('isv.date-range', `with a modified date the creation range is at most ${days} days`);
      }
      const buyer = typeof q.buyer_login_id === 'string' && q.buyer_login_id !== '' ? q.buyer_login_id : undefined;
      const within = (t: number, a?: number, b?: number) => (a === undefined || sec(t) >= a) && (b === undefined || sec(t) <= b);
      const all = [...state.orders.values()]
        .filter(
          (o) =>
            o.shopId === shop.id &&
            (statuses ? statuses.has(o.status) : o.status !== 'FINISH') &&
            (buyer === undefined || o.buyer.login_id === buyer) &&
            within(o.createdAt, cs, ce) &&
            within(o.updatedAt, ms, me),
        )
        .reverse();
      return {
        aliexpress_trade_seller_orderlist_get_response: {
          result: {
            success: true,
            total_count: all.length,
            total_page: Math.ceil(all.length / size),
            current_page: page,
            page_size: size,
            time_stamp: toPacific(now()),
            target_list: { aeop_order_item_dto: all.slice((page - 1) * size, page * size).map((o) => listItem(o, shop)) },
          },
        },
      };
    },
    'aliexpress.solution.order.info.get': (shop, params) => {
      const q = jsonParam(params.param1, 'param1');
      const id = q.order_id;
      if (id === undefined || id === null || id === '') throw missing('param1.order_id');
      if (!/^\d+$/.test(String(id))) throw invalid('isv.invalid-parameter', `param1.order_id ${String(id)} is not an order id`);
      const f = q.ext_info_bit_flag;
      const flag = f === undefined || f === null || f === '' ? undefined : Number(f);
      if (flag !== undefined && !(Number.isInteger(flag) && flag >= 0))
        throw invalid('isv.invalid-parameter', `param1.ext_info_bit_flag ${String(f)} is not a whole number`);
      const o = state.orders.get(String(id));
      const time_stamp = toPacific(now());
      if (!o || o.shopId !== shop.id)
        return { aliexpress_solution_order_info_get_response: { result: { error_code: '-999', error_message: NOT_YOURS, time_stamp } } };
      return { aliexpress_solution_order_info_get_response: { result: { time_stamp, data: detail(o, shop, flag) } } };
    },
  };
}
