/** Server messages of the materials feature (zh as the product speaks, en beside it); merged into MESSAGES. */
export const materialsMessages = {
  // "Local image upload: only jpeg, png and jpg" (docs/messages.md#validation) — decided by the file's content, not its name.
  uploadFormat: { zh: '只能上传 jpeg、png、jpg 格式的图片', en: 'Only jpeg, png and jpg images can be uploaded' },
  uploadDamaged: { zh: '图片已损坏或不完整，请重新上传', en: 'The image is damaged or incomplete, please upload it again' },
  uploadTooManyPixels: {
    zh: '图片尺寸过大（{width}×{height}），最多 {limit} 百万像素、单边最长 {side} 像素',
    en: 'The image is too large ({width}×{height} pixels): at most {limit} megapixels and {side} pixels a side',
  },
  uploadTooLargeToDecode: {
    zh: '图片（{width}×{height}）是渐进式 JPEG、隔行 PNG 或需按拍摄方向旋转，这类图片最多 {limit} 百万像素：请缩小图片，或另存为普通 JPEG / 非隔行 PNG（方向转正）后再上传',
    en: 'The image ({width}×{height}) is a progressive JPEG, an interlaced PNG or needs turning by its orientation, and such images may have at most {limit} megapixels: make it smaller, or save it as a baseline JPEG or a non-interlaced PNG, turned upright, and upload it again',
  },
  uploadTooWideToDecode: {
    zh: '图片（{width}×{height}）是 PNG，这么宽的 PNG 处理时占用内存过多：这张图最宽 {limit} 像素（16 位、带透明的 PNG 更窄），请缩小图片，或另存为 JPEG 后再上传',
    en: 'The image ({width}×{height}) is a PNG too wide to process within memory: this one may be at most {limit} pixels wide (less for 16-bit or transparent PNGs); make it smaller, or save it as a JPEG, and upload it again',
  },
  uploadBusy: {
    zh: '服务器正在处理其他大图，请稍后再上传',
    en: 'The server is busy with other large images; please upload again in a moment',
  },
  uploadNoFile: { zh: '请选择要上传的图片', en: 'Please choose an image to upload' },
  uploadOneFile: { zh: '一次只能上传一张图片', en: 'Upload one image at a time' },
  uploadBadField: { zh: '上传参数错误', en: 'Invalid upload field' },
  materialFolderNotFound: { zh: '文件夹不存在', en: 'The folder does not exist' },
  materialFolderIntoItself: {
    zh: '不能把文件夹移动到它自己或它的子文件夹下',
    en: 'A folder cannot be moved into itself or one of its subfolders',
  },
  materialFolderTooDeep: { zh: '文件夹最多只能嵌套 {max} 层', en: 'Folders nest at most {max} levels deep' },
} as const satisfies Record<string, { zh: string; en: string }>;
