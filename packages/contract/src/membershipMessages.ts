/**
 * Server messages of membership (docs/membership.md), zh and en; merged into MESSAGES.
 * Keys carry the feature's prefix: a key another feature also defines would silently replace one of them.
 */
export const membershipMessages = {
  // The plans' names (docs/membership.md#plans); 1–3 as the material tiers are named (TIER_LABELS).
  memberPlan0: { zh: '免费版', en: 'Free' },
  memberPlan1: { zh: '入门版', en: 'Starter' },
  memberPlan2: { zh: '专业版', en: 'Professional' },
  memberPlan3: { zh: '旗舰版', en: 'Premium' },
  memberSubAccount: {
    zh: '子账号的会员由主账号管理，请联系主账号开通或续费',
    en: "A sub-account's membership is managed by its parent account: ask the parent account to buy or renew it",
  },
  memberShortfall: {
    zh: '余额不足：需 ¥{price}，当前 ¥{balance}，还差 ¥{missing}，请先充值',
    en: 'Not enough balance: ¥{price} needed, ¥{balance} in the wallet (¥{missing} short). Recharge the wallet first',
  },
  memberDowngrade: {
    zh: '当前会员 V{level} 有效期至 {date}，到期前不能购买更低等级',
    en: 'Your membership V{level} runs until {date}: a lower level cannot be bought before then',
  },
  memberGranted: {
    zh: '当前会员 V{level} 长期有效，只能购买更高等级',
    en: 'Your membership V{level} has no end date: only a higher level can be bought',
  },
  memberRequestReused: {
    zh: '该请求编号已用于另一项会员购买，请重新提交',
    en: 'This request_id was already used for another membership purchase: submit again',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
