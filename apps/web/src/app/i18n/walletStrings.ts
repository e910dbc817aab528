import { validationMessages, walletMessages, type Lang } from '@app/contract';

/** The wallet page (/wallet, docs/orders.md#the-wallet, #recharging and #bills). Server messages come from MESSAGES. */
export const WALLET_STRINGS = {
  'wallet.title': { zh: '我的钱包', en: 'My wallet' },
  'wallet.subtitle': {
    zh: '余额用于支付生产订单；通过支付宝充值，付款成功后自动到账。',
    en: 'The balance pays for production orders. Recharge through Alipay: the money arrives once the payment is confirmed.',
  },
  'wallet.balance': { zh: '账户余额（元）', en: 'Balance (CNY)' },
  'wallet.recharge': { zh: '充值', en: 'Recharge' },
  'wallet.rechargeTitle': { zh: '钱包充值', en: 'Recharge the wallet' },
  'wallet.amount': { zh: '充值金额（元）', en: 'Amount (CNY)' },
  'wallet.amountPlaceholder': { zh: '0.01 – 100000.00', en: '0.01 – 100000.00' },
  'wallet.amountHint': {
    zh: '确认后将跳转到支付宝收银台完成付款，付款后自动返回本页。',
    en: 'You go on to the Alipay cashier to pay, and come back to this page after paying.',
  },
  'wallet.toPay': { zh: '去支付', en: 'Go to payment' },
  'wallet.following': { zh: '正在确认充值 ¥{amount} 的支付结果…', en: 'Confirming the payment of ¥{amount}…' },
  'wallet.paid': { zh: '充值成功：¥{amount} 已到账', en: 'Recharged: ¥{amount} is in your wallet' },
  'wallet.closed': { zh: '充值 ¥{amount} 已关闭，未付款', en: 'The recharge of ¥{amount} was closed unpaid' },
  'wallet.bills': { zh: '账单明细', en: 'Bill lines' },
  'wallet.count': { zh: '共 {count} 条', en: '{count} lines' },
  'wallet.noBills': { zh: '还没有账单', en: 'No movements yet' },
  'wallet.noMatch': { zh: '没有符合条件的账单', en: 'No movements match the filters' },
  'wallet.search': { zh: '筛选账单', en: 'Filter the bills' },
  'wallet.searchBtn': { zh: '查询', en: 'Search' },
  'wallet.reset': { zh: '重置', en: 'Reset' },
  'wallet.f.type': { zh: '类型', en: 'Type' },
  'wallet.f.allTypes': { zh: '全部类型', en: 'All types' },
  'wallet.f.days': { zh: '日期', en: 'Days' },
  'wallet.f.accounts': { zh: '账号', en: 'Accounts' },
  'wallet.f.allAccounts': { zh: '全部账号', en: 'All accounts' },
  'wallet.f.office': { zh: '部门', en: 'Office' },
  'wallet.f.allOffices': { zh: '全部部门', en: 'All offices' },
  'wallet.stat.recharge': { zh: '充值（元）', en: 'Recharged (CNY)' },
  'wallet.stat.payment': { zh: '消费（元）', en: 'Spent on orders (CNY)' },
  'wallet.stat.refund': { zh: '退款（元）', en: 'Refunded (CNY)' },
  'wallet.stat.net': { zh: '净额（元）', en: 'Net (CNY)' },
  'wallet.stat.orders': { zh: '订单数', en: 'Orders' },
  'wallet.stat.units': { zh: '件数', en: 'Units' },
  'wallet.childStats': { zh: '子账号统计', en: 'By account' },
  'wallet.child.account': { zh: '账号', en: 'Account' },
  'wallet.child.orders': { zh: '订单数', en: 'Orders' },
  'wallet.child.units': { zh: '件数', en: 'Units' },
  'wallet.child.spent': { zh: '消费（元）', en: 'Spent (CNY)' },
  'wallet.child.refunded': { zh: '退款（元）', en: 'Refunded (CNY)' },
  'wallet.noAccounts': { zh: '没有账号', en: 'No accounts' },
  'wallet.col.time': { zh: '时间', en: 'Time' },
  'wallet.col.type': { zh: '类型', en: 'Type' },
  'wallet.col.amount': { zh: '金额（元）', en: 'Amount (CNY)' },
  'wallet.col.balance': { zh: '余额（元）', en: 'Balance (CNY)' },
  'wallet.col.order': { zh: '订单号', en: 'Order number' },
  'wallet.col.account': { zh: '操作账号', en: 'Account' },
  'wallet.col.office': { zh: '部门', en: 'Office' },
  'wallet.type.1': { zh: '充值', en: 'Recharge' },
  'wallet.type.2': { zh: '订单支付', en: 'Order payment' },
  'wallet.type.3': { zh: '退款', en: 'Refund' },
  'wallet.type.4': { zh: '会员', en: 'Membership' },
} as const satisfies Record<string, Record<Lang, string>>;

/**
 * What the wallet page's route registers (featureTexts.ts). The bills' filter (BILL_TYPES' module) names its rule's
 * message, a day range the wrong way round (docs/orders.md#bills), so the page has it too.
 */
export const texts = {
  strings: WALLET_STRINGS,
  messages: { ...walletMessages, fieldEndBeforeStart: validationMessages.fieldEndBeforeStart },
};
