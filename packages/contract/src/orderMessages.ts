/** Server messages of orders and the wallet (docs/orders.md), zh and en; merged into MESSAGES. */
export const orderMessages = {
  orderNotFound: { zh: '找不到该订单', en: 'Order not found' },
  orderCountryNotShipped: { zh: '暂不支持发往 {country}', en: 'We do not ship to {country} yet' },
  orderShippingMethodUnknown: {
    zh: '该配送方式不可用于 {country}，请重新选择',
    en: 'This shipping method is not offered to {country}: choose another',
  },
  orderCartEmpty: { zh: '请选择要结算的商品', en: 'Choose the cart lines to check out' },
  orderCartItemsGone: {
    zh: '有 {count} 件商品已不在购物车中，请刷新后重试',
    en: '{count} of these lines are no longer in the cart: reload and try again',
  },
  orderCartItemUnavailable: {
    zh: '“{name}”已失效（商品或规格已下架），请从购物车移除后再结算',
    en: '“{name}” is no longer available (its blank or SKU is gone): remove it from the cart first',
  },
  orderNotPending: { zh: '订单{order_no}不是待付款状态，不能支付', en: 'Order {order_no} is not waiting for payment' },
  orderAlreadyCancelled: { zh: '订单{order_no}已取消', en: 'Order {order_no} is already cancelled' },
  orderCannotCancel: {
    zh: '订单{order_no}已进入生产，不能取消',
    en: 'Order {order_no} is already in production and can no longer be cancelled',
  },
  walletShortfall: {
    zh: '余额不足：还差 ¥{missing}，请先充值',
    en: 'Not enough balance: ¥{missing} short. Recharge the wallet first',
  },
  orderNotHeld: { zh: '订单{order_no}没有待处理的异常', en: 'Order {order_no} is not held for anything' },
  productionFileUnreachable: {
    zh: '工厂无法下载印刷文件，请稍后重试',
    en: 'The factory could not download a print file: retry in a moment',
  },
  productionFileType: {
    zh: '印刷文件不是工厂可用的 PNG 或 JPEG，请重新设计后重试',
    en: 'A print file is not a PNG or JPEG the factory can use: redesign and retry',
  },
  productionFileSize: {
    zh: '印刷文件尺寸与印刷区域不符，请重新设计后重试',
    en: "A print file's pixel size differs from the print area's: redesign and retry",
  },
  productionRefused: { zh: '工厂拒绝了该订单：{detail}', en: 'The factory refused the order: {detail}' },
  productionNoPrint: {
    zh: '无法生成印刷文件（设计为空或底板已下架）',
    en: 'No print file could be made (the design is empty or the blank is gone)',
  },
  productionCanceledByFactory: { zh: '工厂取消了该订单，可重新提交生产', en: 'The factory cancelled the order: you can send it again' },
  walletBusy: { zh: '钱包正忙，请稍后重试', en: 'The wallet is busy: try again in a moment' },
} as const;
