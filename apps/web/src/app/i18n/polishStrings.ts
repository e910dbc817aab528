import type { Lang } from '@app/contract';

/** Texts of the finished-products screens' smaller pieces (Excel template, batch edit; docs/finished.md); registered with FINISHED_STRINGS. */
export const POLISH_STRINGS = {
  'finished.excel.template': { zh: '下载模板', en: 'Download template' },
  'finished.excel.templateFile': { zh: '批量设计模板.xlsx', en: 'batch-design-template.xlsx' },
  'finished.moreImages': { zh: '另有 {n} 张图片，点击预览查看', en: '{n} more images; click to page through them' },
  'finished.batch.crossConfirm': {
    zh: '用本成品第一行的值填充所有成品的这一列？其他成品原有的值将被覆盖。',
    en: "Fill this column of every product with this product's first row? The other products' values are replaced.",
  },
  'finished.batch.crossAll': { zh: '填充所有成品', en: 'Fill every product' },
  'finished.batch.fillProduct': { zh: '填充本成品', en: 'Only this product' },
} as const satisfies Record<string, Record<Lang, string>>;
