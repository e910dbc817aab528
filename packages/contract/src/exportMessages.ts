/** Server messages of the offline export (docs/exports.md), zh and en; merged into MESSAGES. */
export const exportMessages = {
  exportNoProducts: { zh: '请选择要导出的成品', en: 'Choose the finished products to export' },
  exportTooManyProducts: { zh: '一次最多导出 {max} 个成品，当前 {count} 个', en: 'At most {max} products per export; this has {count}' },
  exportProductNotFound: { zh: '找不到成品 {id}', en: 'Finished product {id} not found' },
  exportStoreNotFound: { zh: '找不到该店铺', en: 'Shop not found' },
  exportTemplateNotFound: { zh: '找不到该产品模板', en: 'Product template not found' },
  exportTemplateWrongStore: { zh: '该产品模板不属于所选店铺', en: 'The product template belongs to another shop' },
  exportTemplateWrongKind: {
    zh: '该产品模板不能用于此导出格式（需要{kind}模板）',
    en: 'This product template cannot be used for this format (a {kind} template is needed)',
  },
  exportFormat: { zh: '导出格式只能是 3、6 或 9', en: 'The export format must be 3, 6 or 9' },
  exportDomainUnknown: { zh: '找不到图片域名 {id}', en: 'Image domain {id} not found' },
  exportWatermarkNotFound: { zh: '找不到该水印', en: 'Watermark not found' },
  exportRecordNotFound: { zh: '找不到该导出记录', en: 'Export record not found' },
  exportNotReady: { zh: '导出文件尚未生成', en: 'The export file is not ready yet' },
  exportAllRefused: { zh: '所有成品都被拒绝导出，原因见错误列表', en: 'Every product was refused: see the errors' },
  exportFailed: { zh: '导出失败，请重试', en: 'The export failed: try again' },
  exportBannedWord: { zh: '{field} 含违禁词「{word}」', en: '{field} holds the banned word "{word}"' },
  exportWalmartTooManyItems: {
    zh: '沃尔玛一个文件最多 {max} 个商品（每个变体一个），当前 {count} 个，请分批导出',
    en: 'A Walmart file holds at most {max} items (one per variant); this has {count}: export in parts',
  },
  exportWatermarkChanged: {
    zh: '水印在导出过程中被修改，请重新导出',
    en: 'The watermark changed during the export: export again',
  },
  exportQueueFull: {
    zh: '您的账号（含子账号）已有 {max} 个导出在排队，请等它们完成后再导出',
    en: 'Your account (with its sub-accounts) already has {max} exports waiting: export again once they have finished',
  },
  exportQuotaFull: {
    zh: '已保存的导出文件已达上限 {quota}（含子账号），请在导出记录中删除不需要的文件后再导出',
    en: 'Your stored export files have reached the limit of {quota} (with sub-accounts): delete files you no longer need in Export records, then export again',
  },
  exportComposing: {
    zh: '还在合成中，效果图生成后才能导出',
    en: 'Still composing: it can be exported once its mockups are made',
  },
  exportCompositionFailed: {
    zh: '合成失败，没有效果图：请在成品列表中重新生成后再导出',
    en: 'Its composition failed, so it has no mockups: regenerate it in Finished products, then export it',
  },
  exportFormulaText: {
    zh: '{field} 以「{char}」开头：电子表格打开这个 .txt 时会当作公式。文件中保持原样，请直接上传，不要用电子表格编辑后另存',
    en: '{field} starts with "{char}": a spreadsheet opening this .txt would read it as a formula. The file keeps it as written: upload it as it is, do not edit and re-save it in a spreadsheet',
  },
  exportHandlingNotInFile: {
    zh: '店铺按单生产（备货 {days} 天），但这个文件没有备货时间列（{column}），备货时间不会随文件上传：请上传后在平台上设置（卖家后台：库存 → 管理所有库存 → 编辑 → 报价 → 处理时间），或换用带 {column} 列的模板',
    en: 'The shop makes to order ({days} handling days), but this file has no handling-time column ({column}), so the handling time does not go with it: set it on the marketplace after uploading (Seller Central: Inventory → Manage All Inventory → Edit → Offer → Handling Time), or use a template with the {column} column',
  },
  exportNoVariants: { zh: '该成品没有可导出的变体', en: 'The product has no variant to export' },
  exportPriceNotPositive: {
    zh: '变体 {variant} 的售价为 0：请检查价格模板的价格规则',
    en: "The variant {variant} would be listed at 0: check the pricing template's price rules",
  },
} as const satisfies Record<string, { zh: string; en: string }>;
