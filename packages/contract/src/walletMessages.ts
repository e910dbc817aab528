/** Server messages of wallet recharges (docs/orders.md#recharging) and bills exports (docs/orders.md#export), zh and en; merged into MESSAGES. */
export const walletMessages = {
  rechargeAmountInvalid: {
    zh: '充值金额须在 0.01 至 100000.00 元之间，最多两位小数',
    en: 'A recharge is 0.01 to 100000.00 yuan, with at most two decimals',
  },
  rechargeNotFound: { zh: '找不到该充值记录', en: 'Recharge not found' },
  rechargeSubject: { zh: '钱包充值', en: 'Wallet recharge' },
  rechargeUnavailable: { zh: '支付暂不可用，请稍后重试', en: 'Payment is not available right now: try again later' },
  // Bills exports (docs/orders.md#export).
  billExportNotFound: { zh: '找不到该账单导出记录', en: 'Bill export not found' },
  billExportNotReady: { zh: '账单导出文件尚未生成', en: 'The bill export file is not ready yet' },
  billExportFailed: { zh: '账单导出失败，请重新导出', en: 'The bill export failed: export again' },
} as const;
