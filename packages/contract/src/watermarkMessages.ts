/** Server messages of watermarks (docs/watermarks.md); merged into MESSAGES. */
export const watermarkMessages = {
  watermarkNotFound: { zh: '找不到该水印', en: 'Watermark not found' },
  watermarkNameRequired: { zh: '请输入水印名称', en: 'Enter a watermark name' },
  watermarkNameTooLong: { zh: '水印名称不能超过{max}个字', en: 'The watermark name can have at most {max} characters' },
  watermarkNameTaken: { zh: '已存在同名的水印', en: 'A watermark with this name already exists' },
  watermarkType: { zh: '水印类型只能是文字或图片', en: "The watermark type must be 'text' or 'image'" },
  watermarkTextRequired: { zh: '请输入水印文字', en: 'Enter the watermark text' },
  watermarkTextTooLong: { zh: '水印文字不能超过{max}个字', en: 'The watermark text can have at most {max} characters' },
  watermarkFont: { zh: '请选择设计字体中的一种', en: 'Choose one of the design fonts' },
  watermarkColor: { zh: '颜色须是 #RRGGBB 格式', en: 'The colour must be #RRGGBB' },
  watermarkFontSize: { zh: '字号须是{min}到{max}之间的整数', en: 'The font size must be a whole number from {min} to {max}' },
  watermarkImageRequired: { zh: '请上传水印图片（PNG）', en: 'Upload the watermark image (PNG)' },
  watermarkImageInvalid: {
    zh: '水印图片无效或已过期，请重新上传',
    en: 'The watermark image is not valid or has expired: upload it again',
  },
  watermarkPosition: { zh: '位置须是1到9（从左上到右下）', en: 'The position must be 1 to 9 (top left to bottom right)' },
  watermarkMargin: { zh: '边距须是{min}到{max}之间的整数（像素）', en: 'The margin must be a whole number of pixels from {min} to {max}' },
  watermarkScale: {
    zh: '缩放须在{min}到{max}之间（占图片宽度的比例）',
    en: 'The scale must be from {min} to {max} (a fraction of the image width)',
  },
  watermarkOpacity: { zh: '透明度须在0到1之间', en: 'The opacity must be from 0 to 1' },
  watermarkRotation: { zh: '旋转角度须是{min}到{max}之间的整数', en: 'The rotation must be a whole number of degrees from {min} to {max}' },
  watermarkImageNotPng: { zh: '水印图片只能是PNG格式', en: 'The watermark image must be a PNG' },
  watermarkImageTooLarge: { zh: '水印图片不能超过2MB', en: 'The watermark image cannot exceed 2 MB' },
  watermarkImageTooBig: {
    zh: '水印图片的宽和高不能超过{max}像素',
    en: 'The watermark image can be at most {max} pixels wide and high',
  },
  watermarkSourceMissing: { zh: '找不到要加水印的图片', en: 'The image to watermark was not found' },
} as const satisfies Record<string, { zh: string; en: string }>;
