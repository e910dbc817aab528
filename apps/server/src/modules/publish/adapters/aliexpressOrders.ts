import type { MessageKey } from '@app/contract';
import { AE_TIMEOUT_MS } from './aliexpress.js';
import { createAliexpressGateway } from './aliexpressGateway.js';
import { obj, str, type Json } from './json.js';
import { MarketplaceError } from './types.js';
import type { MarketOrder, MarketOrderChange, MarketOrderState, MarketplaceOrders } from './orderTypes.js';

/**
 * Marketplace A's buyer orders (docs/marketplace-a.md#orders). A pushes nothing: the order list is polled by
 * modification date, each order read with its detail, and a shipment is a shipment notice naming a logistics service.
 */

const STATES: Record<string, MarketOrderState> = {
  PLACE_ORDER_SUCCESS: 'unpaid',
  RISK_CONTROL: 'onHold',
  IN_CANCEL: 'onHold',
  IN_ISSUE: 'onHold',
  IN_FROZEN: 'onHold',
  WAIT_SELLER_EXAMINE_MONEY: 'onHold',
  WAIT_SELLER_SEND_GOODS: 'awaitingShipment',
  SELLER_PART_SEND_GOODS: 'awaitingShipment',
  WAIT_BUYER_ACCEPT_GOODS: 'shipped',
  FUND_PROCESSING: 'delivered',
  FINISH: 'completed',
};
/** The list's page size at most (docs/marketplace-a.md#order-list). */
const PAGE_SIZE = 50;
const DAY = 86_400_000;
/**
 * A modified-date query needs a creation range: at most 180 days, 30 when asking for ended orders (FINISH, which an
 * unfiltered list leaves out). One day short of each, so the range never reaches the limit by a clock's difference.
 */
const OPEN_RANGE = 179 * DAY;
const ENDED_RANGE = 29 * DAY;

/** A list AliExpress wraps in an object of one key (`{aeop_order_item_dto: [...]}`), or a bare array. */
const wrapped = (v: unknown): Json[] => {
  const inner = Array.isArray(v) ? v : Object.values(obj(v))[0];
  return Array.isArray(inner) ? inner.map(obj) : [];
};
const amount = (v: unknown) => ({ value: str(obj(v).amount) || '0', currency: str(obj(v).currency_code) });

/** The UTC offset of US Pacific time at an instant, in ms (-8 h in winter, -7 h in summer). */
const PACIFIC = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'longOffset' });
const HOUR = 3_600_000;
/** Offsets by the hour they start at: the zone changes only on the hour, and an import reads thousands of dates. */
const offsetByHour = new Map<number, number>();
function pacificOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  const name = PACIFIC.formatToParts(hour * HOUR).find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * HOUR + Number(m[3]) * 60_000) : -8 * HOUR;
  if (offsetByHour.size > 10_000) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** Unix ms → AliExpress's `yyyy-MM-dd HH:mm:ss` in US Pacific time (docs/marketplace-a.md#dates). */
export function aePacificDate(ms: number): string {
  return new Date(ms + pacificOffset(ms)).toISOString().slice(0, 19).replace('T', ' ');
}

/** AliExpress's Pacific `yyyy-MM-dd HH:mm:ss` → unix ms (0 when it is not one). */
export function aePacificMs(text: string): number {
  const asUtc = Date.parse(`${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(asUtc)) return 0;
  return asUtc - pacificOffset(asUtc - pacificOffset(asUtc));
}

/** One detail (`result.data`) → MarketOrder; the child orders are its lines. */
export function aliexpressOrder(d: Json): MarketOrder {
  const address = obj(d.receipt_address);
  const total = amount(d.order_amount);
  const status = str(d.order_status);
  const ended = str(d.order_end_reason);
  const shipped = wrapped(d.logistic_info_list)[0];
  return {
    remoteOrderId: str(d.id),
    state: status === 'FINISH' && /cancel/i.test(ended) ? 'cancelled' : (STATES[status] ?? 'onHold'),
    remoteStatus: status,
    createdAt: aePacificMs(str(d.gmt_create)),
    updatedAt: aePacificMs(str(d.gmt_modified)),
    currency: total.currency,
    buyerPaid: total.value,
    buyerShipping: amount(d.logistics_amount).value,
    recipient: {
      name: str(address.contact_person),
      phone: [address.phone_country, address.mobile_no ?? address.phone_number].map(str).filter(Boolean).join(' '),
      country: str(address.country).toUpperCase(),
      province: str(address.province),
      city: str(address.city),
      address1: str(address.address),
      address2: str(address.address2),
      postcode: str(address.zip),
    },
    lines: wrapped(d.child_order_list).map((c) => ({
      remoteLineId: str(c.child_order_id ?? c.id),
      remoteProductId: str(c.product_id),
      remoteSkuId: str(c.sku_code),
      sellerSku: str(c.sku_code),
      productName: str(c.product_name),
      skuName: str(c.product_standard),
      quantity: Number(c.product_count) || 0,
      unitPrice: amount(c.product_price).value,
    })),
    packageIds: [],
    ...(/buyer/i.test(ended) && /cancel/i.test(ended) ? { cancelledBy: 'buyer' as const } : {}),
    ...(shipped ? { tracking: { carrier: str(shipped.logistics_type_code), number: str(shipped.logistics_no) } } : {}),
  };
}

/** The shipment refusals (docs/marketplace-a.md#shipment-codes): AliExpress's words → ours. */
function shipmentRefusal(desc: string, code: string): MarketplaceError {
  const remote = { code: code || '-999', message: desc.slice(0, 500) };
  const refused = (key: MessageKey) => new MarketplaceError('refused', key, remote, 0, { reason: remote.message });
  if (desc.includes('不属于当前账号')) return refused('aeOrderUnknown');
  if (/listlogisticsservice/.test(desc)) return refused('aeCarrierUnknown');
  if (/cancel/i.test(desc)) return refused('aeOrderInCancel');
  if (desc.includes('无需重复')) return refused('aeOrderShipped');
  if (desc.includes('缺少履约信息')) return refused('aeOrderNotShippable');
  if (desc.includes('跟踪号')) return refused('aeTrackingInvalid');
  return refused('aeOrderRefused');
}

export function createAliexpressOrders(opts: {
  baseUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}): MarketplaceOrders {
  const now = opts.now ?? Date.now;
  const gateway = createAliexpressGateway({
    base: opts.baseUrl.replace(/\/+$/, ''),
    fetch: opts.fetch ?? fetch,
    now,
    timeoutMs: opts.timeoutMs ?? AE_TIMEOUT_MS,
  });
  return {
    platform: 2,
    idsPerCall: 1,

    async changedOrders(conn, since, page) {
      // Two lists, one after the other: the open orders, then the ended ones (cancels end an order), which an
      // unfiltered list leaves out and which only a shorter creation range may ask for. Page "open:3", "ended:1".
      const [part = 'open', n = '1'] = (page ?? 'open:1').split(':');
      const ended = part === 'ended';
      const current = Math.max(1, Number(n) || 1);
      const query = {
        page_size: PAGE_SIZE,
        current_page: current,
        create_date_start: aePacificDate(now() - (ended ? ENDED_RANGE : OPEN_RANGE)),
        modified_date_start: aePacificDate(since),
        ...(ended ? { order_status_list: ['FINISH'] } : {}),
      };
      const answer = await gateway.call(conn, 'aliexpress.trade.seller.orderlist.get', { param_aeop_order_query: JSON.stringify(query) });
      const result = obj(answer.result);
      const changes: MarketOrderChange[] = wrapped(result.target_list).map((o) => {
        const status = str(o.order_status);
        return {
          remoteOrderId: str(o.order_id),
          state: status === 'FINISH' && /cancel/i.test(str(o.end_reason)) ? 'cancelled' : (STATES[status] ?? 'onHold'),
          remoteStatus: status,
          updatedAt: aePacificMs(str(o.gmt_update)),
        };
      });
      const pages = Number(result.total_page) || 0;
      const nextPage = current < pages ? `${part}:${current + 1}` : ended ? undefined : 'ended:1';
      return { changes, ...(nextPage ? { nextPage } : {}) };
    },

    async orders(conn, ids) {
      const found: MarketOrder[] = [];
      for (const id of ids.slice(0, 1)) {
        const answer = await gateway.call(conn, 'aliexpress.solution.order.info.get', {
          param1: JSON.stringify({ order_id: Number(id) }),
        });
        const result = obj(answer.result);
        if (str(result.error_code) === '-999') continue;
        if (result.data !== undefined) found.push(aliexpressOrder(obj(result.data)));
      }
      return found;
    },

    async carriers(conn) {
      const answer = await gateway.call(conn, 'aliexpress.logistics.redefining.listlogisticsservice', {});
      return wrapped(answer.result_list).map((s) => ({ code: str(s.service_name), name: str(s.display_name) }));
    },

    async ship(conn, order, shipment) {
      const answer = await gateway.call(conn, 'aliexpress.logistics.sellershipmentfortop', {
        service_name: shipment.carrier,
        logistics_no: shipment.trackingNumber,
        send_type: 'all',
        out_ref: order.remoteOrderId,
      });
      if (answer.result_success !== true) throw shipmentRefusal(str(answer.result_error_desc), str(answer.result_error_code));
    },
  };
}
