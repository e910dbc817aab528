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
} as const;
