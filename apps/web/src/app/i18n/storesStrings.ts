import { storesMessages } from '@app/contract';

/** The shops page's texts (/stores; docs/api.md#export-and-shops). */
export const STORES_STRINGS = {
  'stores.title': { zh: '店铺管理', en: 'Shops' },
  'stores.subtitle': {
    zh: '按平台管理你的店铺，导出和发布商品时选择要上架的店铺。',
    en: 'Your shops on each marketplace: exports and listings are made for one of them.',
  },
  'stores.add': { zh: '添加店铺', en: 'Add shop' },
  'stores.addTo': { zh: '添加', en: 'Add' },
  'stores.rename': { zh: '重命名', en: 'Rename' },
  'stores.renameTitle': { zh: '重命名店铺', en: 'Rename shop' },
  'stores.all': { zh: '全部平台', en: 'All marketplaces' },
  'stores.filter': { zh: '按平台筛选', en: 'Filter by marketplace' },
  'stores.count': { zh: '{count} 家店铺', en: '{count} shops' },
  'stores.field.platform': { zh: '平台', en: 'Marketplace' },
  'stores.choosePlatform': { zh: '请选择平台', en: 'Choose a marketplace' },
  'stores.field.name': { zh: '店铺名称', en: 'Shop name' },
  'stores.col.name': { zh: '店铺名称', en: 'Shop name' },
  'stores.col.owner': { zh: '所属账号', en: 'Account' },
  'stores.col.createtime': { zh: '创建时间', en: 'Created' },
  'stores.col.actions': { zh: '操作', en: 'Actions' },
  'stores.noneHere': { zh: '该平台还没有店铺', en: 'No shops on this marketplace yet' },
  'stores.empty': { zh: '还没有店铺', en: 'No shops yet' },
  'stores.emptyHint': {
    zh: '添加你在各平台开设的店铺，导出商品时即可选择。',
    en: 'Add the shops you run on each marketplace, then choose one when exporting products.',
  },
  'stores.confirmDelete': { zh: '删除店铺“{name}”？', en: 'Delete the shop “{name}”?' },
  'stores.added': { zh: '已添加店铺 {name}', en: 'Shop {name} added' },
  'stores.renamed': { zh: '已重命名为 {name}', en: 'Renamed to {name}' },
  'stores.deleted': { zh: '已删除店铺 {name}', en: 'Shop {name} deleted' },
  'stores.col.connection': { zh: '在线连接', en: 'Connection' },
  'stores.conn.none': { zh: '未连接', en: 'Not connected' },
  'stores.conn.ok': { zh: '已连接 · 令牌到期 {date}', en: 'Connected · token expires {date}' },
  'stores.conn.reconnectNeeded': { zh: '需重新授权', en: 'Reconnect needed' },
  'stores.connect': { zh: '连接', en: 'Connect' },
  'stores.reconnect': { zh: '重新连接', en: 'Reconnect' },
  'stores.disconnect': { zh: '断开', en: 'Disconnect' },
  'stores.connectTitle': { zh: '连接店铺 {name}', en: 'Connect the shop {name}' },
  'stores.connectHint': {
    zh: '填写平台开放平台给出的应用信息和授权令牌。密钥加密保存，之后不会再显示。',
    en: "Enter the app details and tokens from the marketplace's open platform. Secrets are kept encrypted and never shown again.",
  },
  'stores.field.expiresAt': { zh: '令牌到期时间', en: 'Token expires at' },
  'stores.expiryPast': { zh: '令牌到期时间须晚于现在', en: 'The token expiry must be in the future' },
  'stores.confirmDisconnect': { zh: '断开店铺“{name}”的连接？', en: 'Disconnect the shop “{name}”?' },
  'stores.connected': { zh: '已连接店铺 {name}', en: 'Shop {name} connected' },
  'stores.disconnected': { zh: '已断开店铺 {name}', en: 'Shop {name} disconnected' },
} as const;

/** What the routes of the shops page register (featureTexts.ts). */
export const texts = { strings: STORES_STRINGS, messages: { ...storesMessages } };
