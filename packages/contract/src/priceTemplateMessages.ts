/** Server messages of pricing templates (docs/pricing-templates.md); merged into MESSAGES. */
export const priceTemplateMessages = {
  priceTemplateNotFound: { zh: '找不到该价格模板', en: 'Pricing template not found' },
  priceTemplateNameRequired: { zh: '请输入模板名称', en: 'Enter a template name' },
  priceTemplateNameTooLong: { zh: '模板名称不能超过{max}个字', en: 'The template name can have at most {max} characters' },
  priceTemplateNameTaken: { zh: '已存在同名的价格模板', en: 'A pricing template with this name already exists' },
  priceTemplatePlatformType: {
    zh: '平台须是亚马逊(1)、沃尔玛(3)、速卖通(2)或 TikTok Shop(15)',
    en: 'The marketplace must be Amazon (1), Walmart (3), AliExpress (2) or TikTok Shop (15)',
  },
  priceTemplateCurrency: {
    zh: '币种须是 USD、GBP、EUR、JPY、CAD、AUD、MXN 或 CNY',
    en: 'The currency must be USD, GBP, EUR, JPY, CAD, AUD, MXN or CNY',
  },
  priceTemplateRuleNotFound: {
    zh: '找不到价格规则 {id}：请先在「价格规则」中创建，或从模板中移除',
    en: 'Price rule {id} not found: create it under Price rules first, or remove it from the template',
  },
  priceTemplateRuleTwice: { zh: '价格规则 {id} 在模板中出现了两次', en: 'Price rule {id} is in the template twice' },
  priceTemplateRuleOtherAccount: {
    zh: '价格规则 {id} 属于另一个账号：模板只能使用同一账号的规则',
    en: 'Price rule {id} belongs to another account: a template can use only its own account’s rules',
  },
  priceRateMissing: {
    zh: '汇率表中没有 {currency} 的汇率，系统默认价格无法换算：请管理员设置汇率（npm run rates:set）',
    en: 'The exchange-rate table has no rate for {currency}, so the default pricing cannot convert: ask the operator to set it (npm run rates:set)',
  },
  // Price rules (docs/listing-tools.md#price-rules).
  priceRuleNotFound: { zh: '找不到该价格规则', en: 'Price rule not found' },
  priceRuleNameRequired: { zh: '请输入规则名称', en: 'Enter a rule name' },
  priceRuleNameTooLong: { zh: '规则名称不能超过{max}个字', en: 'The rule name can have at most {max} characters' },
  priceRuleNameTaken: { zh: '已存在同名的价格规则', en: 'A price rule with this name already exists' },
  priceRuleAction: { zh: '调整方式须是加价(add)或减价(subtract)', en: "The adjustment must be 'add' or 'subtract'" },
  priceRuleUnit: { zh: '调整单位须是金额(amount)或百分比(percent)', en: "The unit must be 'amount' or 'percent'" },
  priceRuleValue: {
    zh: '调整值须大于0：金额最多两位小数且不超过100000，百分比最多两位小数且不超过1000',
    en: 'The adjustment must be above 0: an amount at most 100,000 with 2 decimals, a percentage at most 1,000 with 2 decimals',
  },
  priceRuleSubtractPercent: { zh: '减价百分比须小于100', en: 'A percentage to subtract must be below 100' },
  priceRuleRange: {
    zh: '价格区间须是0到10000000之间、最多两位小数的数，且下限不大于上限',
    en: 'The price range must be numbers from 0 to 10,000,000 with at most 2 decimals, the lower not above the upper',
  },
  priceRuleListItem: {
    zh: '{field} 的每一项须是1到{max}个字的文本',
    en: 'Each entry of {field} must be text of 1 to {max} characters',
  },
  priceRuleCategory: { zh: '找不到分类 {id}', en: 'Category {id} not found' },
  priceRuleCurrency: {
    zh: '币种须是 USD、GBP、EUR、JPY、CAD、AUD、MXN 或 CNY',
    en: 'The currency must be USD, GBP, EUR, JPY, CAD, AUD, MXN or CNY',
  },
  priceRuleInUse: {
    zh: '价格规则「{name}」正被价格模板「{template}」使用：请先从模板中移除',
    en: 'The price rule "{name}" is used by the pricing template "{template}": remove it from the template first',
  },
  priceTemplateRounding: {
    zh: '取整方式只能是 none、cent、integer 或 99',
    en: "The rounding must be 'none', 'cent', 'integer' or '99'",
  },
  priceTemplateShipping: {
    zh: '运费须在0到1000000之间，最多两位小数',
    en: 'Shipping must be between 0 and 1,000,000 with at most 2 decimals',
  },
  priceTemplateExchangeRate: {
    zh: '汇率须大于0且不超过100000，最多六位小数',
    en: 'The exchange rate must be above 0 and at most 100,000, with at most 6 decimals',
  },
  priceTemplateFraction: {
    zh: '{field} 须是0到1之间的小数（0.2 即 20%），不含1，最多四位小数',
    en: '{field} must be a fraction from 0 up to but not including 1 (0.2 = 20 %), with at most 4 decimals',
  },
  priceTemplateMarginFee: { zh: '利润率与平台佣金之和须小于1', en: 'Margin plus platform fee must be less than 1' },
} as const satisfies Record<string, { zh: string; en: string }>;
