/** Server messages of the shops (docs/api.md#export-and-shops), zh as the product speaks, en beside it; merged into MESSAGES. */
export const storesMessages = {
  storeNotFound: { zh: '找不到该店铺', en: 'Shop not found' },
  storeUnknownPlatform: { zh: '不支持的平台', en: 'Unknown marketplace' },
  storeNameEmpty: { zh: '请输入店铺名称', en: 'Enter a shop name' },
  storeNameTooLong: { zh: '店铺名称最多 {max} 个字', en: 'A shop name holds at most {max} characters' },
  storeNameTaken: {
    zh: '该平台下已有同名店铺：{name}',
    en: 'This marketplace already has a shop named {name}',
  },
  storeNotConnectable: {
    zh: '只有速卖通和 TikTok Shop 店铺可以在线连接',
    en: 'Only AliExpress and TikTok Shop shops connect online',
  },
  storeConnectFieldRequired: { zh: '请填写 {field}', en: 'Enter the {field}' },
  storeConnectExpiryRequired: { zh: '请填写令牌到期时间', en: 'Enter when the access token expires' },
  storeConnectExpiryPast: { zh: '令牌到期时间须晚于现在', en: 'The token expiry must be in the future' },
  storeStockMode: { zh: '库存方式须为“固定数量”或“按单生产”', en: 'Stock is either a fixed quantity or made to order' },
  storeStockQuantity: { zh: '库存数量须为 {min} 到 {max} 之间的整数', en: 'The stock quantity must be a whole number from {min} to {max}' },
  storeStockHandling: {
    zh: '按单生产的备货期须为 {min} 到 {max} 天',
    en: 'The handling time of a made-to-order item must be {min} to {max} days',
  },
  // Connecting checks the credentials with a harmless marketplace call (docs/publishing.md#connecting).
  storeConnectAppKeyRefused: {
    zh: '平台不认可该 App Key：请从开放平台的应用详情中重新复制',
    en: 'The marketplace does not know this App Key: copy it again from your app on the open platform',
  },
  storeConnectSecretRefused: {
    zh: '平台拒绝了签名：App Key 与 App Secret 不是同一个应用的，请重新复制两者',
    en: 'The marketplace refused the signature: the App Key and App Secret are not of one app; copy both again',
  },
  storeConnectTokenRefused: {
    zh: '平台拒绝了 Access Token（无效、已过期或属于其他应用）：请重新授权店铺后填写新的令牌',
    en: 'The marketplace refused the Access Token (invalid, expired or another app’s): authorize the shop again and enter the new token',
  },
  storeConnectCipherRefused: {
    zh: '该授权下没有这个 Shop Cipher 的店铺：请从“已授权店铺”中复制',
    en: 'No shop of this authorization has this Shop Cipher: copy it from the authorized shops',
  },
  storeConnectClockSkew: {
    zh: '平台拒绝了请求时间：请检查服务器时钟',
    en: 'The marketplace refused the request time: check the server clock',
  },
  storeConnectRefused: { zh: '平台拒绝了这些凭据：{reason}', en: 'The marketplace refused these credentials: {reason}' },
  storeConnectUnreachable: {
    zh: '暂时无法连接平台核对凭据，请稍后再试',
    en: 'The marketplace cannot be reached to check the credentials; try again later',
  },
} as const;
