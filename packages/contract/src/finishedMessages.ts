/** Server messages of the finished-products screen (docs/finished.md), zh as the product speaks, en beside it; merged into MESSAGES. */
export const finishedMessages = {
  finishedNotFound: { zh: '找不到该成品', en: 'Finished product not found' },
  variantNotFound: { zh: '找不到该成品的这个款式', en: 'This variant of the finished product was not found' },
  groupLockedDelete: {
    zh: '所选成品所在的分组已锁定，不能删除，请先解锁分组',
    en: 'A selected product is filed in a locked group and cannot be deleted: unlock the group first',
  },
  groupLockedMove: {
    zh: '所选成品所在的分组已锁定，不能移出或清除分组，请先解锁分组',
    en: 'A selected product is filed in a locked group and cannot be moved out of it: unlock the group first',
  },
  combineNeedsTwo: { zh: '请至少选择两个成品进行组合', en: 'Choose at least two finished products to combine' },
  combineOneAccount: { zh: '只能组合同一账号的成品', en: 'Only finished products of one account can be combined' },
  combineNotReady: {
    zh: '成品图还未生成完成，暂不能组合',
    en: 'A selected product is still being composed: combine it once its images are ready',
  },
  notCombination: { zh: '所选成品中有非组合商品', en: 'A selected product is not a combination' },
  groupNotFound: { zh: '找不到该分组', en: 'Group not found' },
  groupSpecial: { zh: '“全部”和“未分组”不能编辑', en: '全部 (all) and 未分组 (ungrouped) cannot be edited' },
  groupTooDeep: { zh: '分组最多 {depth} 级', en: 'Groups nest at most {depth} levels deep' },
  groupLockedDeleteGroup: {
    zh: '该分组或其下级分组已锁定，不能删除，请先解锁',
    en: 'This group or a group below it is locked: unlock it before deleting',
  },
  noMaterialFiles: { zh: '该成品没有可下载的素材', en: 'This finished product has no material files to download' },
  noImagesYet: { zh: '所选成品还没有生成图片', en: 'The chosen finished products have no images yet' },
  excelTooLarge: { zh: 'Excel 文件不能超过5MB', en: 'The spreadsheet may be at most 5 MB' },
  excelTooBig: {
    zh: 'excel文件过大或已损坏，请只保留号码和姓名两列',
    en: 'The spreadsheet is too large or damaged: keep only the 号码 and 姓名 columns',
  },
  remarkTooLong: { zh: '备注不能超过500个字', en: 'A remark holds at most 500 characters' },
  oneParentOnly: { zh: '每个成品只能有一个母体', en: 'A finished product has exactly one parent variant' },
} as const satisfies Record<string, { zh: string; en: string }>;
