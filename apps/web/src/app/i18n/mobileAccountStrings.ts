import { orderMessages, walletMessages, type Lang } from '@app/contract';

/**
 * The phone's account pages (docs/mobile.md#the-personal-centre, #membership): the personal centre and membership.
 * Order statuses' and bill types' names are the back office's (groups 'orders', 'wallet').
 */
export const MOBILE_ACCOUNT_STRINGS = {
  'mobile.me.title': { zh: '个人中心', en: 'My account' },
  'mobile.me.parent': { zh: '主账号', en: 'Main account' },
  'mobile.me.sub': { zh: '子账号', en: 'Sub-account' },
  'mobile.me.tier': { zh: '{tier}会员', en: '{tier} member' },
  'mobile.me.free': { zh: '免费会员', en: 'Free member' },
  'mobile.me.endsAt': { zh: '有效期至 {day}', en: 'Until {day}' },
  'mobile.me.membership': { zh: '会员服务', en: 'Membership' },
  'mobile.me.upgrade': { zh: '升级会员', en: 'Upgrade' },
  'mobile.me.wallet': { zh: '钱包余额', en: 'Wallet balance' },
  'mobile.me.recharge': { zh: '充值', en: 'Recharge' },
  'mobile.me.rechargeTitle': { zh: '钱包充值', en: 'Recharge the wallet' },
  'mobile.me.amount': { zh: '金额（元）', en: 'Amount (CNY)' },
  'mobile.me.amountHint': {
    zh: '0.01–100000.00 元，最多两位小数；确认后前往支付页面。',
    en: '0.01–100,000.00 CNY, two decimals at most; you go on to the pay page.',
  },
  'mobile.me.toPay': { zh: '去支付', en: 'Go to pay' },
  'mobile.me.rechargePending': { zh: '充值 ¥{amount} 确认中…', en: 'Recharge of ¥{amount} being confirmed…' },
  'mobile.me.rechargePaid': { zh: '充值 ¥{amount} 已到账', en: 'Recharge of ¥{amount} received' },
  'mobile.me.rechargeClosed': { zh: '充值 ¥{amount} 未完成', en: 'Recharge of ¥{amount} not completed' },
  'mobile.me.orders': { zh: '我的订单', en: 'My orders' },
  'mobile.me.allOrders': { zh: '全部订单', en: 'All orders' },
  'mobile.me.bills': { zh: '账单', en: 'Bills' },
  'mobile.me.thisMonth': { zh: '本月', en: 'This month' },
  'mobile.me.recharged': { zh: '充值', en: 'Recharged' },
  'mobile.me.spent': { zh: '订单支付', en: 'Orders' },
  'mobile.me.refunded': { zh: '退款', en: 'Refunds' },
  'mobile.me.memberSpent': { zh: '会员', en: 'Membership' },
  'mobile.me.noBills': { zh: '还没有账单', en: 'No bills yet' },
  'mobile.me.latestBills': { zh: '最近账单', en: 'Latest bills' },
  'mobile.me.subAccounts': { zh: '子账号（{count}）', en: 'Sub-accounts ({count})' },
  'mobile.me.noSubAccounts': {
    zh: '还没有子账号：在电脑版后台的“子账号”页创建。',
    en: 'No sub-accounts yet: create them on the desktop back office.',
  },
  'mobile.me.disabled': { zh: '已停用', en: 'Disabled' },
  'mobile.me.subHint': { zh: '子账号的钱包和会员由主账号管理。', en: 'Your main account manages the wallet and the membership.' },
  'mobile.service.title': { zh: '会员服务', en: 'Membership' },
  'mobile.service.lead': {
    zh: '会员等级决定能设计哪些空白产品、能用哪一档素材。主账号购买，子账号同享，用钱包余额支付，立即生效。',
    en: 'Your level decides which blanks you can design and which material tier you can use. The main account buys it for the whole family from the wallet; it applies at once.',
  },
  'mobile.service.current': { zh: '当前等级', en: 'Your level' },
  'mobile.service.products': { zh: '可设计 {count} 款空白产品', en: '{count} blanks to design' },
  'mobile.service.tier': { zh: '可用{tier}素材', en: '{tier} materials' },
  'mobile.service.basicTier': { zh: '免费素材', en: 'Free materials' },
  'mobile.service.free': { zh: '免费', en: 'Free' },
  'mobile.service.months': { zh: '{months} 个月', en: '{months} months' },
  'mobile.service.month': { zh: '1 个月', en: '1 month' },
  'mobile.service.buy': { zh: '支付 ¥{price} 开通', en: 'Pay ¥{price}' },
  'mobile.service.renew': { zh: '支付 ¥{price} 续费', en: 'Pay ¥{price} to extend' },
  'mobile.service.confirm': {
    zh: '从钱包支付 ¥{price}，开通 {name} {period}？',
    en: 'Pay ¥{price} from the wallet for {name}, {period}?',
  },
  'mobile.service.done': { zh: '已开通 {name}，有效期至 {day}', en: '{name} is yours until {day}' },
  'mobile.service.loginToBuy': { zh: '登录后购买', en: 'Log in to buy' },
  'mobile.service.subOnly': { zh: '会员由主账号购买，子账号同享。', en: 'The main account buys membership for its sub-accounts.' },
  'mobile.service.lower': { zh: '低于当前等级', en: 'Below your level' },
} as const satisfies Record<string, Record<Lang, string>>;

export const texts = { strings: MOBILE_ACCOUNT_STRINGS, messages: { ...orderMessages, ...walletMessages } };
