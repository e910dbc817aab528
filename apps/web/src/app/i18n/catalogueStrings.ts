import type { Lang } from '@app/contract';
import { catalogueMessages } from '@app/contract';

/**
 * The catalogue's texts (产品库 and the product detail, docs/editor.md#catalogue; its 收藏,
 * docs/mobile.md#the-personal-product-library) and the home page's links to the finished screens. Tag and level
 * labels come from PRODUCT_TAG_OPTIONS / PRODUCT_LEVEL_OPTIONS.
 */
export const CATALOGUE_STRINGS = {
  'catalogue.title': { zh: '产品库', en: 'Product catalogue' },
  'catalogue.subtitle': {
    zh: '选择一款空白产品，选好颜色和尺码后开始设计。',
    en: 'Pick a blank product, choose its colour and size, and start designing.',
  },
  'catalogue.categories': { zh: '产品分类', en: 'Categories' },
  'catalogue.allCategories': { zh: '全部分类', en: 'All categories' },
  'catalogue.search': { zh: '搜索产品名称', en: 'Search product names' },
  'catalogue.tag': { zh: '标签', en: 'Tag' },
  'catalogue.level': { zh: '等级', en: 'Level' },
  'catalogue.levelHint': {
    zh: '你的会员等级为 V{level}，可使用 v0–v{level} 的产品',
    en: 'Your membership level is V{level}: products of v0–v{level} are yours to design',
  },
  'catalogue.levelLocked': { zh: '需要会员等级 V{level}', en: 'Needs membership level V{level}' },
  'catalogue.total': { zh: '共 {total} 款产品', en: '{total} products' },
  'catalogue.empty': { zh: '没有符合条件的产品', en: 'No product matches these filters' },
  'catalogue.priceFrom': { zh: '¥{price} 起', en: 'From ¥{price}' },
  'catalogue.colors': { zh: '{count} 种颜色', en: '{count} colours' },
  'catalogue.sizes': { zh: '尺码', en: 'Sizes' },
  'catalogue.favorite': { zh: '收藏', en: 'Save' },
  'catalogue.favorited': { zh: '已收藏', en: 'Saved' },
  'catalogue.savedOnly': { zh: '只看收藏', en: 'Saved only' },
  'catalogue.savedHint': {
    zh: '显示你收藏的全部产品，最近收藏的在前；分类、名称、标签和等级不参与筛选。',
    en: 'Every product you saved, last saved first; categories, name, tag and level do not filter them.',
  },
  'catalogue.savedTotal': { zh: '已收藏 {total} 款产品', en: '{total} saved products' },
  'catalogue.savedEmpty': {
    zh: '还没有收藏的产品：点产品上的“收藏”，常用的空白产品就会出现在这里',
    en: 'No saved products yet: press “Save” on a product to keep the blanks you use here',
  },

  'productDtl.back': { zh: '返回产品库', en: 'Back to the catalogue' },
  'productDtl.notFound': { zh: '没有这款产品', en: 'There is no such product' },
  'productDtl.notFoundHint': { zh: '它可能已下架，或者链接有误。', en: 'It may have been withdrawn, or the link is wrong.' },
  'productDtl.code': { zh: '产品编号', en: 'Product code' },
  'productDtl.category': { zh: '分类', en: 'Category' },
  'productDtl.color': { zh: '颜色', en: 'Colour' },
  'productDtl.size': { zh: '尺码', en: 'Size' },
  'productDtl.price': { zh: '价格', en: 'Price' },
  'productDtl.prices': { zh: '各尺码价格', en: 'Price per size' },
  'productDtl.areas': { zh: '设计区域', en: 'Design areas' },
  'productDtl.areaSize': { zh: '印刷图 {width} × {height} 像素', en: 'Print {width} × {height} px' },
  'productDtl.views': { zh: '效果图视角', en: 'Mockup views' },
  'productDtl.start': { zh: '开始设计', en: 'Start designing' },
  'productDtl.noSku': { zh: '这款产品暂时没有可选的颜色和尺码', en: 'This product has no colour and size on offer at the moment' },
  'productDtl.startHint': { zh: '将以 {color} / {size} 打开设计编辑器', en: 'Opens the editor on {color} / {size}' },
  'productDtl.refused': {
    zh: '你的会员等级 V{mine} 不能设计这款产品（需要 V{needed}）',
    en: 'Your membership level V{mine} may not design this product (it needs V{needed})',
  },
  'productDtl.refusedHint': {
    zh: '可以浏览它的颜色、尺码和价格；升级会员等级后才能开始设计。',
    en: 'You can look at its colours, sizes and prices; designing it needs a higher membership level.',
  },

  'home.greeting': { zh: '你好，{name}', en: 'Hello, {name}' },
  'home.manageSubAccounts': { zh: '管理子账号', en: 'Manage sub-accounts' },
  'home.account.title': { zh: '账号信息', en: 'Your account' },
  'home.account.type': { zh: '账号类型', en: 'Account type' },
  'home.account.level': { zh: '会员等级', en: 'Membership level' },
  'home.account.office': { zh: '所属团队', en: 'Team' },
  'home.account.noOffice': { zh: '未加入团队', en: 'Not in a team' },
  'home.offices.title': { zh: '团队', en: 'Teams' },
  'home.offices.members': { zh: '{count} 名成员', en: '{count} members' },
  'home.offices.empty': { zh: '还没有团队', en: 'No teams yet' },
  'home.intro': {
    zh: '从产品库选一款空白产品开始设计，保存后成品会出现在成品管理中。',
    en: 'Pick a blank in the product catalogue and design it; saved designs become finished products.',
  },
  'home.start.title': { zh: '开始使用', en: 'Get started' },
  'home.start.products': { zh: '产品库', en: 'Product catalogue' },
  'home.start.productsDesc': {
    zh: '按分类、标签和等级找到空白产品，选好颜色和尺码后在设计编辑器中开始设计。',
    en: 'Find blanks by category, tag and level, choose a colour and size, and open the design editor on it.',
  },
  'home.start.finished': { zh: '成品管理', en: 'Finished products' },
  'home.start.finishedDesc': {
    zh: '搜索、筛选由设计生成的成品，归入分组、组合商品，编辑各变体的导出信息。',
    en: 'Search and filter the finished products your designs generate, file them into groups, combine them, edit per-variant export info.',
  },
  'home.start.open': { zh: '打开', en: 'Open' },
} as const satisfies Record<string, Record<Lang, string>>;

/** What the routes of the catalogue and the home page register (featureTexts.ts). */
export const texts = { strings: CATALOGUE_STRINGS, messages: { ...catalogueMessages } };
