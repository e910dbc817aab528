import type { Lang } from '@app/contract';
import { priceTemplateMessages } from '@app/contract';

/** Pricing templates: the list /price-template and the form /priceTemplateManagement (docs/pricing-templates.md). */
export const PRICE_TEMPLATE_STRINGS = {
  'priceTpl.title': { zh: '价格模板', en: 'Pricing templates' },
  'priceTpl.subtitle': {
    zh: '导出上架时按模板把空白产品成本换算成售价和划线价；不选模板（系统默认）时使用变体上保存的价格。',
    en: "At export a template turns the blank's cost into the listing price and a crossed-out price; without one (system default) the price stored on the variant is used.",
  },
  'priceTpl.new': { zh: '新建价格模板', en: 'New pricing template' },
  'priceTpl.searchName': { zh: '搜索模板名称', en: 'Search template names' },
  'priceTpl.allPlatforms': { zh: '全部平台类型', en: 'All platform types' },
  'priceTpl.platform.1': { zh: '大型平台', en: 'Large marketplace' },
  'priceTpl.platform.2': { zh: '平台 A', en: 'Marketplace A' },
  'priceTpl.total': { zh: '共 {total} 个模板', en: '{total} templates' },
  'priceTpl.empty': { zh: '还没有价格模板', en: 'No pricing templates yet' },
  'priceTpl.col.name': { zh: '模板名称', en: 'Name' },
  'priceTpl.col.platform': { zh: '平台类型', en: 'Platform type' },
  'priceTpl.col.currency': { zh: '币种', en: 'Currency' },
  'priceTpl.col.formula': { zh: '公式', en: 'Formula' },
  'priceTpl.col.rounding': { zh: '取整', en: 'Rounding' },
  'priceTpl.col.owner': { zh: '所属账号', en: 'Account' },
  'priceTpl.col.createtime': { zh: '创建时间', en: 'Created' },
  'priceTpl.col.actions': { zh: '操作', en: 'Actions' },
  'priceTpl.deleted': { zh: '已删除 {name}', en: 'Deleted {name}' },
  'priceTpl.formulaShort': {
    zh: '(成本+{shipping}) ÷ {rate} ÷ (1−{margin}%−{fee}%) × (1+{tax}%)',
    en: '(cost+{shipping}) ÷ {rate} ÷ (1−{margin}%−{fee}%) × (1+{tax}%)',
  },
  'priceTpl.discountShort': { zh: '折扣 {discount}%', en: '{discount}% off' },

  'priceTpl.rounding.none': { zh: '不取整（保留4位小数）', en: 'None (4 decimals)' },
  'priceTpl.rounding.cent': { zh: '保留两位小数', en: 'To the cent' },
  'priceTpl.rounding.integer': { zh: '向上取整', en: 'Up to a whole amount' },
  'priceTpl.rounding.99': { zh: '尾数 .99（向上）', en: 'Up to .99' },

  'priceTpl.newTitle': { zh: '新建价格模板', en: 'New pricing template' },
  'priceTpl.editTitle': { zh: '编辑价格模板', en: 'Edit pricing template' },
  'priceTpl.formSubtitle': {
    zh: '售价 = (成本 + 运费) ÷ 汇率 ÷ (1 − 利润率 − 平台佣金) × (1 + 税率)，再按取整方式取整；划线价 = 售价 ÷ (1 − 折扣)。成本为变体 SKU 的空白产品价格（人民币）。',
    en: "Price = (cost + shipping) ÷ exchange rate ÷ (1 − margin − platform fee) × (1 + tax), then rounded; crossed-out price = price ÷ (1 − discount). The cost is the blank's price for the variant's SKU (in CNY).",
  },
  'priceTpl.back': { zh: '返回价格模板列表', en: 'Back to pricing templates' },
  'priceTpl.field.name': { zh: '模板名称', en: 'Template name' },
  'priceTpl.field.platform': { zh: '平台类型', en: 'Platform type' },
  'priceTpl.field.currency': { zh: '售价币种', en: 'Listing currency' },
  'priceTpl.field.shipping': { zh: '运费（元）', en: 'Shipping (CNY)' },
  'priceTpl.field.rate': { zh: '汇率（1 {currency} = ? 元）', en: 'Exchange rate (CNY per 1 {currency})' },
  'priceTpl.field.margin': { zh: '利润率', en: 'Target margin' },
  'priceTpl.field.fee': { zh: '平台佣金', en: 'Platform fee' },
  'priceTpl.field.tax': { zh: '税率（0 为不加税）', en: 'Tax (0 = none)' },
  'priceTpl.field.discount': { zh: '折扣（划线价，0 为不显示）', en: 'Discount (crossed-out price; 0 = none)' },
  'priceTpl.field.rounding': { zh: '售价取整', en: 'Price rounding' },
  'priceTpl.field.crossedRounding': { zh: '划线价取整', en: 'Crossed-out rounding' },
  'priceTpl.example': { zh: '实时示例', en: 'Live example' },
  'priceTpl.sampleCost': { zh: '示例成本（元）', en: 'Sample cost (CNY)' },
  'priceTpl.sampleHint': { zh: '默认是示例 T 恤的价格', en: "Defaults to the demo T-shirt's price" },
  'priceTpl.price': { zh: '售价', en: 'Price' },
  'priceTpl.crossedOut': { zh: '划线价', en: 'Crossed-out price' },
  'priceTpl.noCrossedOut': { zh: '不显示（折扣为 0）', en: 'None (no discount)' },
  'priceTpl.unrounded': { zh: '取整前 {value}', en: '{value} before rounding' },
  'priceTpl.saved': { zh: '价格模板已保存', en: 'Pricing template saved' },
  'priceTpl.notFound': { zh: '找不到该价格模板', en: 'Pricing template not found' },
} as const satisfies Record<string, Record<Lang, string>>;

/** What the routes of the pricing templates register (featureTexts.ts). */
export const texts = { strings: PRICE_TEMPLATE_STRINGS, messages: { ...priceTemplateMessages } };
