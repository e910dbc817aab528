/** Server messages of the barcodes (docs/listing-tools.md#barcodes), zh and en; merged into MESSAGES. */
export const barcodeMessages = {
  barcodeMakerNotFound: { zh: '找不到该条码来源', en: 'Barcode maker not found' },
  barcodeNotFound: { zh: '找不到该条码', en: 'Barcode not found' },
  barcodeMakerNameEmpty: { zh: '请填写条码来源的名称', en: 'Enter a name for the barcode maker' },
  barcodeMakerNameTooLong: { zh: '条码来源名称最多 {max} 个字符', en: 'A barcode maker name holds at most {max} characters' },
  barcodeMakerNameTaken: { zh: '已有名为“{name}”的条码来源', en: 'A barcode maker named “{name}” already exists' },
  barcodeMakerNotPool: {
    zh: '“{name}”是按前缀生成的条码来源，不能导入条码；请导入到条码池或新建一个',
    en: '“{name}” generates its codes from a prefix and takes no import: import into a pool, or a new one',
  },
  barcodeMakerNotGenerator: {
    zh: '“{name}”是导入的条码池，不能按前缀生成',
    en: '“{name}” is a pool of imported codes: it generates nothing',
  },
  barcodeImportEmpty: { zh: '没有可导入的条码，请每行填写一个', en: 'No code to import: enter one per line' },
  barcodeImportTooMany: {
    zh: '一次最多导入 {max} 个条码，当前 {count} 行',
    en: 'At most {max} codes at a time; this has {count} lines',
  },
  barcodeFileFormat: { zh: '请上传 .xlsx 或 .csv 文件', en: 'Upload an .xlsx or .csv file' },
  barcodeFileTooLarge: { zh: '文件最大 10 MB', en: 'The file may be at most 10 MB' },
  barcodeFileTooBig: {
    zh: '文件过大或已损坏，一次最多 {max} 行',
    en: 'The file is too large or damaged: at most {max} rows at a time',
  },
  barcodeLineChars: { zh: '只能是数字', en: 'Digits only' },
  barcodeLineLength: {
    zh: '位数不对：EAN-13 为 13 位，UPC-A 为 12 位，GTIN-14 为 14 位',
    en: 'Wrong length: EAN-13 has 13 digits, UPC-A 12, GTIN-14 14',
  },
  barcodeLineCheckDigit: { zh: '校验位错误', en: 'The check digit is wrong' },
  barcodeLineRepeated: { zh: '与第 {line} 行重复', en: 'Repeats line {line}' },
  barcodeLineExists: { zh: '已在条码来源“{maker}”中', en: 'Already in the barcode maker “{maker}”' },
  barcodePrefixInvalid: {
    zh: 'GS1 厂商识别码须为 {min}–{max} 位数字',
    en: 'The GS1 company prefix must be {min}–{max} digits',
  },
  barcodeGenerateFields: {
    zh: '新建生成规则需要名称、厂商识别码和条码类型',
    en: 'A new generator needs a name, a company prefix and a code type',
  },
  barcodeStartBelowNext: {
    zh: '起始项目代码不能小于 {next}（之前的已生成）',
    en: 'The first item reference cannot be below {next}: the ones before were generated',
  },
  barcodePrefixFull: {
    zh: '厂商识别码 {prefix} 的项目代码已不够：还可生成 {left} 个，本次需要 {count} 个',
    en: 'The company prefix {prefix} is running out: {left} more codes fit, {count} were asked',
  },
  barcodeImportBusy: {
    zh: '另一个请求正在导入相同的条码，请稍后再试',
    en: 'Another request is importing the same codes: try again in a moment',
  },
  barcodeClaimBusy: {
    zh: '条码来源“{maker}”正被其他导出或刊登领取条码，请稍后再试',
    en: 'Other exports or publishes are taking codes of the barcode maker “{maker}”: try again in a moment',
  },
  barcodeGenerateBusy: {
    zh: '条码来源“{maker}”正在被另一个请求生成条码，请稍后再试',
    en: 'Another request is generating codes of the barcode maker “{maker}”: try again in a moment',
  },
  barcodeMakerDelShops: {
    zh: '条码来源“{maker}”正被店铺{shops}使用，请先在店铺设置中换一个再删除',
    en: 'The barcode maker “{maker}” is used by the shops {shops}: choose another in their settings, then delete it',
  },
  barcodeMakerDelUsed: {
    zh: '条码来源“{maker}”有 {count} 个条码已用于商品或标记为已用，不能删除（这些条码需留在商品上）；可以停用它',
    en: 'The barcode maker “{maker}” has {count} codes given to listings or marked used, which stay with them: it cannot be deleted. Disable it instead',
  },
  barcodeMakerShort: {
    zh: '条码来源“{maker}”的可用条码不足：还缺 {missing} 个，请导入或生成后再试',
    en: 'The barcode maker “{maker}” is short of {missing} free codes: import or generate more, then try again',
  },
  barcodeMakerDisabled: {
    zh: '条码来源“{maker}”已停用，缺 {missing} 个条码，请启用或在店铺设置中换一个',
    en: 'The barcode maker “{maker}” is disabled and {missing} codes are needed: enable it, or choose another in the shop settings',
  },
} as const;
