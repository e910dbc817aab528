import { walletMessages, type Lang } from '@app/contract';

/** The wallet page (/wallet, docs/orders.md#the-wallet and #recharging). Server messages come from MESSAGES. */
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
  'wallet.bills': { zh: '最近账单', en: 'Latest movements' },
  'wallet.noBills': { zh: '还没有账单', en: 'No movements yet' },
  'wallet.col.time': { zh: '时间', en: 'Time' },
  'wallet.col.type': { zh: '类型', en: 'Type' },
  'wallet.col.amount': { zh: '金额（元）', en: 'Amount (CNY)' },
  'wallet.col.balance': { zh: '余额（元）', en: 'Balance (CNY)' },
  'wallet.col.order': { zh: '订单号', en: 'Order number' },
  'wallet.col.account': { zh: '操作账号', en: 'Account' },
  'wallet.type.1': { zh: '充值', en: 'Recharge' },
  'wallet.type.2': { zh: '订单支付', en: 'Order payment' },
  'wallet.type.3': { zh: '退款', en: 'Refund' },
  'wallet.type.4': { zh: '会员', en: 'Membership' },
} as const satisfies Record<string, Record<Lang, string>>;

/** What the wallet page's route registers (featureTexts.ts). */
export const texts = { strings: WALLET_STRINGS, messages: { ...walletMessages } };
