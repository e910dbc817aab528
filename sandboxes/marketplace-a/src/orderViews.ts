import type { StoredOrder } from './orderModel.js';
import { isPaid, logisticsStatus, money, orderCents, productCents } from './orders.js';
import { toPacific } from './pacificTime.js';
import type { Shop } from './state.js';

/**
 * An order as the gateway answers it (docs/marketplace-a.md#orders): an item of `aliexpress.trade.seller.orderlist.get`
 * (AeopOrderItemDto) and the detail of `aliexpress.solution.order.info.get` (GlobalAeopTpOrderDetailDto), with the
 * open platform's names, its list wrappers (`{ aeop_order_product_dto: [...] }`) and Pacific dates.
 */

const amount = (cents: number) => ({ amount: money(cents), currency_code: 'USD' });
const lastSend = (o: StoredOrder) => o.shipments.at(-1)?.at;

export function listItem(o: StoredOrder, shop: Shop) {
  const sent = lastSend(o);
  return {
    order_id: Number(o.orderId),
    order_status: o.status,
    biz_type: 'AE_COMMON',
    gmt_create: toPacific(o.createdAt),
    gmt_update: toPacific(o.updatedAt),
    ...(o.paidAt !== null ? { gmt_pay_time: toPacific(o.paidAt) } : {}),
    ...(sent !== undefined ? { gmt_send_goods_time: toPacific(sent) } : {}),
    buyer_login_id: o.buyer.login_id,
    buyer_signer_fullname: o.buyer.address.contact_person,
    seller_login_id: `seller${shop.id}`,
    seller_signer_fullname: shop.name,
    end_reason: o.endReason,
    fund_status: isPaid(o) ? 'PAY_SUCCESS' : 'NOT_PAY',
    frozen_status: 'NO_FROZEN',
    issue_status: 'NO_ISSUE',
    logistics_status: logisticsStatus(o),
    has_request_loan: false,
    phone: false,
    payment_type: 'MIXEDCARD',
    pay_amount: amount(orderCents(o)),
    product_list: {
      aeop_order_product_dto: o.lines.map((l) => ({
        child_id: Number(l.childId),
        order_id: Number(o.orderId),
        product_id: Number(l.productId),
        product_name: l.productName,
        product_img_url: l.image,
        product_standard: l.attributes,
        sku_code: l.skuCode,
        product_count: l.quantity,
        product_unit: 'piece',
        product_unit_price: amount(l.unitCents),
        total_product_amount: amount(l.unitCents * l.quantity),
        show_status: o.status,
        son_order_status: o.status,
        buyer_signer_first_name: o.buyer.first_name,
        buyer_signer_last_name: o.buyer.last_name,
        ...(o.shipments.length
          ? { logistics_type: o.shipments.at(-1)!.serviceName, logistics_service_name: o.shipments.at(-1)!.serviceName }
          : {}),
        ...(sent !== undefined ? { send_goods_time: toPacific(sent) } : {}),
      })),
    },
  };
}

/** ext_info_bit_flag: bit 3 (4) the logistics information, bit 4 (8) the buyer's; absent, everything. */
export function detail(o: StoredOrder, shop: Shop, flag: number | undefined) {
  const wants = (bit: number) => flag === undefined || (flag & bit) !== 0;
  const price = (cents: number) => ({ ...amount(cents), cent: cents, cent_factor: 100 });
  return {
    id: Number(o.orderId),
    order_status: o.status,
    gmt_create: toPacific(o.createdAt),
    gmt_modified: toPacific(o.updatedAt),
    ...(o.paidAt !== null ? { gmt_pay_success: toPacific(o.paidAt) } : {}),
    ...(o.status === 'FINISH' ? { gmt_trade_end: toPacific(o.updatedAt) } : {}),
    order_end_reason: o.endReason,
    buyerloginid: o.buyer.login_id,
    buyer_signer_fullname: o.buyer.address.contact_person,
    seller_signer_fullname: shop.name,
    fund_status: isPaid(o) ? 'PAY_SUCCESS' : 'NOT_PAY',
    frozen_status: 'NO_FROZEN',
    issue_status: 'NO_ISSUE',
    logistics_status: logisticsStatus(o),
    is_phone: false,
    payment_type: 'MIXEDCARD',
    settlement_currency: 'USD',
    pay_amount_by_settlement_cur: money(orderCents(o)),
    order_amount: price(orderCents(o)),
    init_oder_amount: price(productCents(o)),
    logistics_amount: price(o.logisticsCents),
    receipt_address: o.buyer.address,
    ...(wants(8)
      ? {
          buyer_info: {
            login_id: o.buyer.login_id,
            first_name: o.buyer.first_name,
            last_name: o.buyer.last_name,
            country: o.buyer.country,
          },
        }
      : {}),
    ...(wants(4)
      ? {
          logistic_info_list: {
            global_aeop_tp_logistic_info_dto: o.shipments.map((s) => ({
              logistics_no: s.logisticsNo,
              logistics_type_code: s.serviceName,
              logistics_service_name: s.displayName,
              gmt_send: toPacific(s.at),
              have_tracking_info: false,
              receive_status: 'default',
            })),
          },
        }
      : {}),
    child_order_list: {
      global_aeop_tp_child_order_dto: o.lines.map((l) => ({
        id: Number(l.childId),
        child_order_id: l.childId,
        order_status: o.status,
        product_id: Number(l.productId),
        product_name: l.productName,
        product_img_url: l.image,
        product_standard: l.attributes,
        sku_code: l.skuCode,
        product_count: l.quantity,
        product_unit: 'piece',
        lot_num: 1,
        product_price: price(l.unitCents),
        init_order_amt: price(l.unitCents * l.quantity),
        fund_status: isPaid(o) ? 'PAY_SUCCESS' : 'NOT_PAY',
        frozen_status: 'NO_FROZEN',
        issue_status: 'NO_ISSUE',
        send_goods_operator: 'SELLER_SEND_GOODS',
        ...(l.prepareDays !== undefined ? { goods_prepare_time: l.prepareDays } : {}),
        ...(o.shipments.length ? { logistics_service_name: o.shipments.at(-1)!.serviceName } : {}),
      })),
    },
  };
}
