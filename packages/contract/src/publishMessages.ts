/**
 * Server messages of online publishing (docs/publishing.md), zh as the product speaks, en
 * beside it; merged into MESSAGES. The adapters' own refusals (the marketplaces' limits) live beside their code.
 */
export const publishMessages = {
  publishNoProducts: { zh: '请选择要发布的商品', en: 'Choose the products to publish' },
  publishTooManyProducts: {
    zh: '一次最多发布 {max} 个商品，已选 {count} 个',
    en: 'At most {max} products per publish; {count} chosen',
  },
  publishProductNotFound: { zh: '找不到商品（ID {id}）', en: 'Product {id} not found' },
  publishStoreNotFound: { zh: '找不到该店铺', en: 'Shop not found' },
  publishStoreWrongPlatform: { zh: '该店铺不是{platform}店铺', en: 'This shop is not a {platform} shop' },
  publishStoreNotConnected: {
    zh: '店铺尚未授权，请先在店铺管理中连接该店铺',
    en: 'This shop is not connected: connect it on the Shops page first',
  },
  publishStoreNeedsReconnect: {
    zh: '店铺授权已失效，请在店铺管理中重新授权后再发布',
    en: "The shop's authorisation has expired: reconnect it on the Shops page, then publish again",
  },
  publishTemplateNotFound: { zh: '找不到该产品模板', en: 'Product template not found' },
  publishTemplateWrongStore: { zh: '该产品模板不属于所选店铺', en: 'This product template belongs to another shop' },
  publishGroupIdsInvalid: { zh: '变体数据格式不正确', en: 'The variant data is not valid' },
  publishRecordNotFound: { zh: '找不到发布记录', en: 'Publish record not found' },
  // Pre-flight reasons (one product each).
  publishSkuAttributeEmpty: {
    zh: '变体 {sku} 的颜色或尺码为空，而其他变体都有：请在变体表中补全，或取消勾选该变体',
    en: 'Variant {sku} has no colour or size while the other variants have one: fill it in the variant table or untick it',
  },
  publishBannedWord: { zh: '{field}含违禁词“{word}”', en: 'The {field} contains the banned word "{word}"' },
  publishAlreadyRunning: {
    zh: '该商品正在发布到此店铺（记录 {id}），未重复提交',
    en: 'This product is already being published to this shop (record {id}); not sent again',
  },
  publishAlreadyPublished: {
    zh: '该商品已发布到此店铺（平台商品 ID {remote}），沙盒不支持更新',
    en: 'This product is already published to this shop (product {remote}); the marketplace takes no update here',
  },
  publishAlreadyBound: {
    zh: '该商品的 SKU 已绑定此店铺的商品，请先解除绑定再发布',
    en: "This product's SKUs are bound to a listing of this shop: remove the bindings before publishing",
  },
  publishCombinationTooManySkus: {
    zh: '组合商品的 {products} 个子商品共 {count} 个 SKU，超过{marketplace}单个商品 {max} 个 SKU 的上限：请减少组合中的商品，或在变体表中取消勾选部分颜色或尺码',
    en: 'The combination’s {products} products make {count} SKUs, more than the {max} {marketplace} takes in one listing: combine fewer products, or untick some colours or sizes in the variant table',
  },
  publishNoVariants: { zh: '没有勾选任何变体', en: 'No variant is ticked' },
  publishCurrencyNotListed: {
    zh: '价格模板的币种是 {currency}，该店铺按 USD 上架：请选用 USD 的价格模板',
    en: 'The pricing template is in {currency} but the shop lists in USD: choose a USD pricing template',
  },
  publishNoImages: { zh: '商品没有可上传的效果图', en: 'The product has no mockup to upload' },
  publishComposing: {
    zh: '还在合成中，效果图生成后才能发布',
    en: 'Still composing: it can be published once its mockups are made',
  },
  publishCompositionFailed: {
    zh: '合成失败，没有效果图：请在成品列表中重新生成后再发布',
    en: 'Its composition failed, so it has no mockups: regenerate it in Finished products, then publish it',
  },
  // Job failures, in the seller's words.
  publishImageMissing: {
    zh: '商品图片已不存在，请重新生成后再发布',
    en: "A product image is gone: make the product's images again, then publish",
  },
  publishFailed: { zh: '发布失败，请稍后重试', en: 'Publishing failed; try again later' },
  publishWarnings: { zh: '已发布，平台提示：{warnings}', en: 'Published; the marketplace notes: {warnings}' },
  // Field names in the reasons.
  publishFieldTitle: { zh: '标题', en: 'title' },
  publishFieldDescription: { zh: '描述', en: 'description' },
  publishFieldKeyword: { zh: '关键词', en: 'keywords' },
  publishFieldColor: { zh: '颜色', en: 'colour' },
  publishFieldSize: { zh: '尺码', en: 'size' },
} as const;
