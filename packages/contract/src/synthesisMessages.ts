/** Server messages of composition and synthesis (zh as the product speaks, en beside it); merged into MESSAGES. */
export const synthesisMessages = {
  productNotFound: { zh: '找不到该产品', en: 'Product not found' },
  skuNotFound: { zh: '该产品没有这个SKU', en: 'This product has no such SKU' },
  productLevelRequired: { zh: '当前会员等级不能设计该产品', en: 'Your membership level does not allow designing this product' },
  designAreaUnknown: { zh: '设计区域不属于该产品：{area}', en: 'The design area does not belong to this product: {area}' },
  designInvalid: { zh: '设计数据格式不正确', en: 'The design data is malformed' },
  cartItemNotFound: { zh: '购物车中找不到该商品', en: 'This cart item was not found' },
  cartItemUnavailable: { zh: '该商品已失效，只能删除', en: 'This item is no longer available: it can only be removed' },
  jobNotFound: { zh: '找不到该合成任务', en: 'Synthesis job not found' },
  composeTimedOut: { zh: '合成超时，请简化设计后重试', en: 'Composition took too long: simplify the design and try again' },
  jobInternalError: { zh: '合成出错，请稍后重试', en: 'Composition failed on our side, please try again later' },
  synthesisQueueFull: {
    zh: '您的账号（含子账号）已有 {max} 个合成任务在排队，请等部分完成后再提交',
    en: 'Your account (with its sub-accounts) already has {max} compositions waiting: submit more once some have finished',
  },
  jobInterrupted: { zh: '合成中断（服务重启），请重新生成', en: 'Composition was interrupted (server restart): please regenerate' },
} as const satisfies Record<string, { zh: string; en: string }>;
