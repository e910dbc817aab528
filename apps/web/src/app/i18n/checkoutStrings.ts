import type { Lang } from '@app/contract';
import { orderMessages } from '@app/contract';

/** The checkout page (/checkout, docs/orders.md#checkout) and the cart's checkout button. Server messages come from MESSAGES. */
export const CHECKOUT_STRINGS = {
  'checkout.title': { zh: '确认订单', en: 'Checkout' },
  'checkout.subtitle': {
    zh: '选择收货地址和配送方式，核对商品与金额后提交订单；提交后可用钱包余额付款。',
    en: 'Choose the address and the shipping method, check the items and amounts, then place the order; pay it from your wallet after.',
  },
  'checkout.address': { zh: '收货地址', en: 'Shipping address' },
  'checkout.newAddress': { zh: '使用新地址', en: 'Use a new address' },
  'checkout.savedAddresses': { zh: '常用地址', en: 'Saved addresses' },
  'checkout.recipient': { zh: '收件人', en: 'Recipient' },
  'checkout.phone': { zh: '电话', en: 'Phone' },
  'checkout.country': { zh: '国家/地区', en: 'Country' },
  'checkout.countryPlaceholder': { zh: '选择或搜索国家/地区', en: 'Choose or search a country' },
  'checkout.province': { zh: '省/州', en: 'State / province' },
  'checkout.city': { zh: '城市', en: 'City' },
  'checkout.address1': { zh: '地址', en: 'Address' },
  'checkout.address2': { zh: '地址（补充）', en: 'Address line 2' },
  'checkout.postcode': { zh: '邮编', en: 'Postcode' },
  'checkout.required': { zh: '请填写{field}', en: 'Enter the {field}' },
  'checkout.phoneInvalid': { zh: '请填写有效的电话号码（数字，可带 +、空格、-）', en: 'Enter a valid phone number (digits, +, spaces, -)' },
  'checkout.shipping': { zh: '配送方式', en: 'Shipping method' },
  'checkout.shippingPick': { zh: '先选择国家/地区，再选择配送方式', en: 'Choose the country first, then a shipping method' },
  'checkout.noMethod': {
    zh: '没有发往该国家/地区的配送方式，请换一个地址',
    en: 'No shipping method goes to this country: choose another address',
  },
  'checkout.stateCode': {
    zh: '请填写州/省代码（如 CA、NY、ON、NSW）',
    en: 'Enter the state or province code (CA, NY, ON, NSW)',
  },
  'checkout.tooMany': { zh: '一次最多结算 {max} 件商品', en: 'At most {max} lines in one order' },
  'checkout.days': { zh: '{days} 个工作日', en: '{days} business days' },
  'checkout.weight': { zh: '包裹重量约 {kg} kg', en: 'Parcel about {kg} kg' },
  'checkout.items': { zh: '商品清单（{count}）', en: 'Items ({count})' },
  'checkout.itemsAmount': { zh: '商品金额', en: 'Items' },
  'checkout.shippingAmount': { zh: '运费', en: 'Shipping' },
  'checkout.total': { zh: '应付总额', en: 'Total' },
  'checkout.submit': { zh: '提交订单', en: 'Place order' },
  'checkout.noLines': { zh: '没有要结算的商品，请回购物车勾选', en: 'Nothing to check out: tick lines in the cart' },
  'checkout.backToCart': { zh: '返回购物车', en: 'Back to the cart' },
  'checkout.someUnavailable': {
    zh: '有 {count} 件商品已不在购物车或已失效，已从本次结算中去掉',
    en: '{count} lines are no longer in the cart or available and were left out',
  },
  'checkout.placed': { zh: '订单已提交：{orderNo}', en: 'Order placed: {orderNo}' },
  'checkout.placedHint': {
    zh: '订单待付款：用钱包余额支付后即进入生产。',
    en: 'The order waits for payment: pay it from your wallet and it goes into production.',
  },
  'checkout.payNow': { zh: '立即付款 ¥{total}', en: 'Pay ¥{total} now' },
  'checkout.paid': { zh: '已付款，订单进入待生产', en: 'Paid: the order is waiting for production' },
  'checkout.recharge': { zh: '去钱包充值', en: 'Recharge the wallet' },
  'checkout.viewOrders': { zh: '查看我的订单', en: 'View my orders' },
  'checkout.toCart': { zh: '去结算', en: 'Check out' },
  'checkout.toCartCount': { zh: '去结算（{count}）', en: 'Check out ({count})' },
} as const satisfies Record<string, Record<Lang, string>>;

/** What the checkout route registers (featureTexts.ts); the cart's route registers it too, for its checkout button. */
export const texts = { strings: CHECKOUT_STRINGS, messages: orderMessages };
