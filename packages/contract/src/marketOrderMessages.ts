/** Server messages of marketplace buyers' orders (docs/market-orders.md), zh and en; merged into MESSAGES. */
export const marketOrderMessages = {
  marketSkuUnbound: {
    zh: '该 SKU 未绑定成品：{skus}。绑定后点“重试”',
    en: 'This SKU is not bound to a finished product: {skus}. Bind it, then retry',
  },
  marketVariantGone: {
    zh: '绑定的成品已删除：{skus}。重新绑定后点“重试”',
    en: 'The finished product bound to {skus} is deleted: bind another, then retry',
  },
  marketAddressRefused: {
    zh: '买家地址无法下单：{reason}',
    en: 'The buyer’s address cannot be ordered to: {reason}',
  },
  marketAwaitingFunds: {
    zh: '余额不足，未自动付款：充值后在订单中付款',
    en: 'Not enough balance to pay it automatically: recharge, then pay the order',
  },
  marketBuyerCancelled: {
    zh: '买家已在平台取消，但订单已开始生产，请与买家协商',
    en: 'The buyer cancelled on the marketplace, but production has begun: settle it with the buyer',
  },
  marketTrackingRefused: { zh: '物流单号回传被拒：{reason}', en: 'The marketplace refused the tracking: {reason}' },
  marketCarrierUnmapped: {
    zh: '平台没有对应的物流商“{carrier}”，请联系客服',
    en: 'The marketplace offers no carrier matching “{carrier}”: contact support',
  },
  marketOrderNotFound: { zh: '找不到该平台订单', en: 'Marketplace order not found' },
  marketOrderNothingToRetry: { zh: '该平台订单没有需要重试的问题', en: 'Nothing of this marketplace order waits for a retry' },
  marketShopNotFound: { zh: '找不到该店铺', en: 'Shop not found' },
  marketShopNotMarketplace: {
    zh: '只有 AliExpress 和 TikTok Shop 店铺可以导入订单',
    en: 'Only AliExpress and TikTok Shop shops import orders',
  },
  marketFeeRateInvalid: {
    zh: '平台佣金比例需在 0 到 50% 之间，最多两位小数',
    en: 'The marketplace fee must be between 0 and 50 %, with at most two decimals',
  },
} as const;
