/**
 * Seller messages of marketplace A (AliExpress, platform 2) for the publish pre-flight and the publish
 * records (docs/marketplace-a.md#seller-messages), zh as the product speaks, en beside it;
 * merged into MESSAGES. The pre-flight's reasons and the marketplace's refusals share these words.
 */
export const aliexpressMessages = {
  // Pre-flight (validate) and the marketplace's refusals of the same rule.
  aeMainImagesMissing: { zh: '至少需要 1 张主图', en: 'Add at least one main image' },
  aeMainImagesTooMany: {
    zh: '主图最多 {max} 张，现有 {count} 张',
    en: 'At most {max} main images: this product has {count}',
  },
  aeTitleMissing: { zh: '标题不能为空', en: 'The title is empty' },
  aeTitleTooLong: {
    zh: '标题最多 {max} 个字符，现有 {count} 个',
    en: 'The title holds at most {max} characters: this one has {count}',
  },
  aeDescriptionMissing: { zh: '商品描述不能为空', en: 'The description is empty' },
  aeSkusMissing: { zh: '至少需要 1 个颜色尺码', en: 'Choose at least one colour and size' },
  aeSkusTooMany: {
    zh: '颜色×尺码共 {count} 个 SKU，超过 {max}',
    en: '{count} colour × size SKUs, more than {max}',
  },
  aeSkuCodeInvalid: {
    zh: 'SKU 编码 {sku} 须为 1–{max} 个字符，且不含空格和 < >',
    en: 'SKU code {sku} must be 1–{max} characters without spaces, < or >',
  },
  aeSkuCodeDuplicate: { zh: 'SKU 编码 {sku} 重复', en: 'SKU code {sku} is used twice' },
  aeSkuDuplicate: {
    zh: '颜色 {color} 尺码 {size} 重复出现',
    en: 'Colour {color} with size {size} appears twice',
  },
  aePriceOutOfRange: {
    zh: '{sku} 的价格 {price} 须在 {min}–{max} 之间',
    en: 'The price of {sku} ({price}) must be between {min} and {max}',
  },
  aeDiscountNotBelowPrice: {
    zh: '{sku} 的折扣价须低于原价 {price}',
    en: 'The discount price of {sku} must be below its price {price}',
  },
  aeDeliveryTimeOutOfRange: {
    zh: '按单生产的备货期为 {days} 天，速卖通只接受 {min}–{max} 天：请在店铺或模板的库存设置中修改',
    en: 'A made-to-order handling time of {days} days: AliExpress takes {min}–{max} days; change it in the shop or template stock setting',
  },
  aeInventoryOutOfRange: {
    zh: '{sku} 的库存须在 {min}–{max} 之间',
    en: 'The stock of {sku} must be between {min} and {max}',
  },
  aeColorValueChars: { zh: '颜色值不能含 # : = ,（{value}）', en: 'A colour cannot contain # : = , ({value})' },
  aeSizeValueChars: { zh: '尺码值不能含 # : = ,（{value}）', en: 'A size cannot contain # : = , ({value})' },
  aeAttributeValueChars: { zh: '颜色或尺码值不能含 # : = ,', en: 'A colour or size cannot contain # : = ,' },
  aeAttributeValueTooLong: {
    zh: '颜色或尺码值最多 {max} 个字符（{value}）',
    en: 'A colour or size holds at most {max} characters ({value})',
  },
  aeSkuImageOnColorOnly: { zh: 'SKU 图片只能放在颜色上', en: 'SKU images go on the colour only' },
  aeSkuAttributeInvalid: {
    zh: '速卖通不接受该类目的颜色或尺码属性',
    en: 'AliExpress does not take these colour or size attributes in this category',
  },
  aeCategoryMissing: { zh: '商品模板未选择速卖通类目', en: 'The product template has no AliExpress category' },
  aeCategoryNotLeaf: { zh: '速卖通类目须选到最末一级', en: 'Choose the AliExpress category down to its last level' },
  aeCategoryInvalid: {
    zh: '速卖通类目不存在，请在商品模板中重新选择',
    en: 'The AliExpress category does not exist: choose it again in the template',
  },
  aeWeightOutOfRange: {
    zh: '包装重量须在 {min}–{max} kg 之间',
    en: 'The package weight must be between {min} and {max} kg',
  },
  aePackageSizeOutOfRange: {
    zh: '包装长宽高须大于 0 且不超过 {max} cm',
    en: 'Package length, width and height must be above 0 and at most {max} cm',
  },
  aeFreightTemplateMissing: { zh: '商品模板未填写运费模板', en: 'The product template has no freight template' },
  aeServicePolicyMissing: { zh: '商品模板未填写服务模板', en: 'The product template has no service (promise) template' },
  aeProductUnitMissing: { zh: '商品模板未填写销售单位', en: 'The product template has no product unit' },
  aeAttributesInvalid: { zh: '商品模板的类目属性格式不正确', en: "The product template's category attributes are malformed" },
  // Images (upload and the product's references).
  aeImageNotInPhotobank: {
    zh: '图片不在该店铺的速卖通图片银行中，请重新发布以重新上传',
    en: "An image is not in this shop's AliExpress photo bank: publish again to upload it again",
  },
  aeImageFormat: { zh: '图片须为 JPG 或 PNG', en: 'Images must be JPG or PNG' },
  aeImageTooLarge: { zh: '图片不能超过 {max} MB', en: 'An image cannot exceed {max} MB' },
  aeImageDimensions: {
    zh: '图片边长须在 {min}–{max} 像素之间',
    en: 'Each side of an image must be {min}–{max} pixels',
  },
  // The connection and the gateway.
  aeRateLimited: { zh: '速卖通限流，{seconds} 秒后继续', en: 'AliExpress is limiting calls: going on in {seconds} s' },
  aeTokenExpired: { zh: '速卖通授权已过期', en: 'The AliExpress authorisation has expired' },
  aeNeedsReconnect: {
    zh: '速卖通授权已失效，请在店铺页重新授权',
    en: 'The AliExpress authorisation is no longer valid: reconnect the shop on the shops page',
  },
  aeSignatureRefused: {
    zh: '速卖通拒绝了请求签名，请检查店铺的 App Key 和 App Secret',
    en: "AliExpress refused the request's signature: check the shop's App Key and App Secret",
  },
  aeAppKeyInvalid: {
    zh: '速卖通不认识该 App Key，请检查店铺连接',
    en: "AliExpress does not know this App Key: check the shop's connection",
  },
  aeClockSkew: {
    zh: '服务器时间与速卖通相差过大，请校准服务器时间',
    en: "The server's clock is too far from AliExpress's: set the server's time",
  },
  aeUnavailable: { zh: '速卖通暂时无法访问，稍后自动重试', en: 'AliExpress cannot be reached right now: retrying later' },
  aeProductNotFound: { zh: '速卖通上找不到该商品', en: 'AliExpress has no such product' },
  aeRefused: { zh: '速卖通拒绝了该商品：{reason}', en: 'AliExpress refused the product: {reason}' },

  // Buyers' orders and their shipment (docs/marketplace-a.md#orders)
  aeOrderUnknown: { zh: '速卖通上没有此订单，或它不属于这个店铺', en: 'AliExpress has no such order in this shop' },
  aeCarrierUnknown: {
    zh: '速卖通不接受该物流服务，请换一个速卖通支持的物流服务',
    en: 'AliExpress does not accept this logistics service: choose one AliExpress supports',
  },
  aeOrderInCancel: {
    zh: '买家已申请取消该订单，请先在速卖通处理取消申请',
    en: 'The buyer asked to cancel this order: answer the cancel request on AliExpress first',
  },
  aeOrderShipped: { zh: '该订单已在速卖通填写发货通知，无需重复', en: 'The order already has a shipment notice on AliExpress' },
  aeOrderNotShippable: {
    zh: '该订单在速卖通不可发货（未付款或已结束）',
    en: 'The order cannot be shipped on AliExpress (unpaid or ended)',
  },
  aeTrackingInvalid: {
    zh: '运单号未通过速卖通物流风控审核，请核对运单号与物流服务',
    en: 'AliExpress did not accept the tracking number: check it against the logistics service',
  },
  aeOrderRefused: { zh: '速卖通拒绝了该订单的操作：{reason}', en: 'AliExpress refused the order call: {reason}' },
} as const;
