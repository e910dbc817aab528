import { invalid, missing } from './errors.js';
import type { Handler } from './gate.js';
import type { StoredOrder } from './orderModel.js';
import type { SandboxState } from './state.js';
import { NOT_YOURS } from './trade.js';

/**
 * Logistics (docs/marketplace-a.md#shipping): the carriers' services a seller may name
 * (`aliexpress.logistics.redefining.listlogisticsservice`) and the seller's shipment notice
 * (`aliexpress.logistics.sellershipmentfortop`), which moves the order to WAIT_BUYER_ACCEPT_GOODS (all) or
 * SELLER_PART_SEND_GOODS (part) and records what the order's detail answers in logistic_info_list.
 */

export interface LogisticsService {
  service_name: string;
  display_name: string;
  logistics_company: string;
  min_process_day: number;
  max_process_day: number;
  recommend_order: number;
  /** The tracking number's rule, a regular expression as AliExpress answers it (the sandbox's own patterns). */
  tracking_no_regex: string;
}

const S10 = '^[A-Z]{2}\\d{9}[A-Z]{2}$';
type Row = [key: string, name: string, company: string, min: number, max: number, regex: string];
// Service keys and display names as AliExpress answers them; companies, days and patterns are the sandbox's.
const ROWS: Row[] = [
  ['CAINIAO_STANDARD', 'AliExpress Standard Shipping', 'CAINIAO', 1, 5, '^(LP\\d{14}|[A-Z]{2}\\d{9}[A-Z]{2})$'],
  ['CAINIAO_PREMIUM', 'AliExpress Premium Shipping', 'CAINIAO', 1, 3, '^(LP\\d{14}|[A-Z]{2}\\d{9}[A-Z]{2})$'],
  ['CAINIAO_ECONOMY', 'AliExpress Saver Shipping', 'CAINIAO', 1, 7, '^(LP\\d{14}|[A-Z]{2}\\d{9}[A-Z]{2})$'],
  ['EMS_ZX_ZX_US', 'ePacket', 'CHINA POST', 1, 5, '^L[A-Z]\\d{9}CN$'],
  ['CPAM', 'China Post Registered Air Mail', 'CPAM', 1, 5, S10],
  ['YANWEN_JYT', 'China Post Ordinary Small Packet Plus', 'YANWEN', 1, 5, S10],
  ['EMS', 'EMS', 'EMS', 1, 3, '^E[A-Z]\\d{9}[A-Z]{2}$'],
  ['DHL', 'DHL', 'DHL', 1, 3, '^\\d{10}$'],
  ['UPS', 'UPS Express Saver', 'UPS', 1, 3, '^1Z[0-9A-Z]{16}$'],
  ['UPSE', 'UPS Expedited', 'UPS', 1, 3, '^1Z[0-9A-Z]{16}$'],
  ['FEDEX', 'Fedex IP', 'FEDEX', 1, 3, '^(\\d{12}|\\d{15})$'],
  ['FEDEX_IE', 'Fedex IE', 'FEDEX', 1, 3, '^(\\d{12}|\\d{15})$'],
  ['TNT', 'TNT', 'TNT', 1, 3, '^\\d{9}$'],
  ['USPS', 'USPS', 'USPS', 1, 5, '^(9\\d{21}|9\\d{25}|[A-Z]{2}\\d{9}US)$'],
  ['SF', 'SF Express', 'SF', 1, 3, '^SF\\d{12,13}$'],
  ['ARAMEX', 'ARAMEX', 'ARAMEX', 1, 5, '^\\d{10,11}$'],
  ['Other', "Seller's Shipping Method", 'OTHER', 1, 7, '^[A-Za-z0-9-]{6,40}$'],
];

export const LOGISTICS_SERVICES: readonly LogisticsService[] = ROWS.map(([key, name, company, min, max, regex], i) => ({
  service_name: key,
  display_name: name,
  logistics_company: company,
  min_process_day: min,
  max_process_day: max,
  recommend_order: i + 1,
  tracking_no_regex: regex,
}));

/** The shipment notice's refusals (docs/marketplace-a.md#shipment-codes): AliExpress's -999 and its message. */
export const SHIP_REFUSALS = {
  notYours: NOT_YOURS,
  alreadyShipped: '该交易订单已填写发货通知,无需重复操作。',
  notShippable: '该交易订单缺少履约信息,请联系客服处理。',
  badTrackingNo: '该货运跟踪号未通过物流风控审核,请更换货运跟踪号后重试。',
  // Chosen (no source gives these two).
  unknownService: 'The logistics service is not one of aliexpress.logistics.redefining.listlogisticsservice: ',
  inCancel: 'The buyer has asked to cancel this order: answer the cancel request before shipping.',
} as const;

function refusal(
  o: StoredOrder | undefined,
  service: LogisticsService | undefined,
  serviceName: string,
  logisticsNo: string,
): string | null {
  if (!o) return SHIP_REFUSALS.notYours;
  if (!service) return SHIP_REFUSALS.unknownService + serviceName;
  if (o.status === 'IN_CANCEL') return SHIP_REFUSALS.inCancel;
  if (o.shipments.some((s) => s.sendType === 'all')) return SHIP_REFUSALS.alreadyShipped;
  if (o.status !== 'WAIT_SELLER_SEND_GOODS' && o.status !== 'SELLER_PART_SEND_GOODS') return SHIP_REFUSALS.notShippable;
  if (!new RegExp(service.tracking_no_regex).test(logisticsNo)) return SHIP_REFUSALS.badTrackingNo;
  return null;
}

export function logisticsMethods(state: SandboxState, now: () => number): Record<string, Handler> {
  return {
    'aliexpress.logistics.redefining.listlogisticsservice': () => ({
      aliexpress_logistics_redefining_listlogisticsservice_response: {
        result_success: true,
        result_list: { aeop_logistics_service_result: LOGISTICS_SERVICES },
      },
    }),
    'aliexpress.logistics.sellershipmentfortop': (shop, params) => {
      const [service_name, logistics_no, send_type, out_ref] = ['service_name', 'logistics_no', 'send_type', 'out_ref'].map((f) => {
        if (!params[f]) throw missing(f);
        return params[f];
      }) as [string, string, string, string];
      if (send_type !== 'all' && send_type !== 'part') throw invalid('isv.invalid-parameter', `send_type ${send_type} is not all or part`);
      const found = state.orders.get(out_ref);
      const o = found?.shopId === shop.id ? found : undefined;
      const service = LOGISTICS_SERVICES.find((s) => s.service_name === service_name);
      const refused = refusal(o, service, service_name, logistics_no);
      if (refused !== null || !o || !service)
        return {
          aliexpress_logistics_sellershipmentfortop_response: {
            result_success: false,
            result_error_code: '-999',
            result_error_desc: refused,
          },
        };
      o.shipments.push({
        serviceName: service_name,
        displayName: service.display_name,
        logisticsNo: logistics_no,
        sendType: send_type,
        trackingWebsite: params.tracking_website ?? '',
        description: params.description ?? '',
        at: now(),
      });
      o.status = send_type === 'all' ? 'WAIT_BUYER_ACCEPT_GOODS' : 'SELLER_PART_SEND_GOODS';
      o.updatedAt = now();
      return { aliexpress_logistics_sellershipmentfortop_response: { result_success: true } };
    },
  };
}
