/** Server messages of pricing templates (docs/pricing-templates.md); merged into MESSAGES. */
export const priceTemplateMessages = {
  priceTemplateNotFound: { zh: '找不到该价格模板', en: 'Pricing template not found' },
  priceTemplateNameRequired: { zh: '请输入模板名称', en: 'Enter a template name' },
  priceTemplateNameTooLong: { zh: '模板名称不能超过{max}个字', en: 'The template name can have at most {max} characters' },
  priceTemplateNameTaken: { zh: '已存在同名的价格模板', en: 'A pricing template with this name already exists' },
  priceTemplatePlatformType: { zh: '平台类型只能是1或2', en: 'The platform type must be 1 or 2' },
  priceTemplateCurrency: { zh: '币种只能是CNY或USD', en: 'The currency must be CNY or USD' },
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
