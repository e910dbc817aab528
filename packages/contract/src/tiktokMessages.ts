/**
 * Seller messages of marketplace B (TikTok Shop, platform 15; docs/marketplace-b.md): the pre-flight's reasons (with
 * the product's own figures) and the marketplace's refusals mapped to words a seller can act on
 * (docs/marketplace-b.md#adapter). zh as the product speaks, en beside it; merged into MESSAGES.
 */
export const tiktokMessages = {
  // Pre-flight (the adapter's validate, before anything is sent)
  tiktokTitleEmpty: { zh: '标题为空，TikTok 要求 1–255 个字符', en: 'The title is empty: TikTok needs 1–255 characters' },
  tiktokTitleTooLong: {
    zh: '标题共 {count} 个字符，超过 TikTok 上限 {max}，请缩短标题',
    en: 'The title has {count} characters, more than TikTok’s {max}: shorten it',
  },
  tiktokTitleChinese: {
    zh: '标题含中文，TikTok 不接受',
    en: 'The title contains Chinese characters, which TikTok does not accept: write it in English',
  },
  tiktokTitleEmoji: {
    zh: '标题含表情符号，TikTok 不接受，请删除',
    en: 'The title contains emoji, which TikTok does not accept: remove them',
  },
  tiktokDescriptionTooLong: {
    zh: '描述共 {count} 个字符，超过 TikTok 上限 {max}，请精简描述模板',
    en: 'The description has {count} characters, more than TikTok’s {max}: shorten the description template',
  },
  tiktokDescriptionTags: {
    zh: '描述含 TikTok 不支持的 HTML 标签：{tags}（只支持 p img ul ol li br strong b i em u）',
    en: 'The description uses HTML tags TikTok does not support: {tags} (only p img ul ol li br strong b i em u)',
  },
  tiktokCategoryMissing: {
    zh: 'TikTok 模板没有选择分类，请在模板中选择末级分类',
    en: 'The TikTok template has no category: choose a leaf category in the template',
  },
  tiktokNoMainImage: { zh: '没有主图，TikTok 至少需要 1 张主图', en: 'No main image: TikTok needs at least one' },
  tiktokTooManyImages: {
    zh: '主图共 {count} 张，超过 TikTok 上限 {max} 张',
    en: '{count} main images, more than TikTok’s {max}',
  },
  tiktokNoSkus: {
    zh: '没有可发布的 SKU，请至少保留一个颜色和尺码',
    en: 'No SKU to publish: keep at least one colour and size',
  },
  tiktokTooManySkus: {
    zh: '颜色×尺码共 {count} 个 SKU，超过 {max}',
    en: 'Colours × sizes make {count} SKUs, more than {max}: untick some colours or sizes',
  },
  tiktokAttributeTooLong: {
    zh: '颜色或尺码「{value}」超过 {max} 个字符，请改短',
    en: 'The colour or size "{value}" is longer than {max} characters: shorten it',
  },
  tiktokDuplicateVariant: {
    zh: '颜色「{color}」尺码「{size}」出现了不止一次，请去掉重复的变体',
    en: 'Colour "{color}", size "{size}" appears more than once: remove the duplicate',
  },
  tiktokPriceRange: {
    zh: '{count} 个 SKU 的价格不在 {min}–{max} USD 之间（如 {sku}：{price}），请检查定价模板或变体价格',
    en: '{count} SKUs are priced outside {min}–{max} USD (e.g. {sku}: {price}): check the pricing template or the variant prices',
  },
  tiktokHandlingDays: {
    zh: '按单生产的备货期为 {days} 天，TikTok Shop 只接受 {min}–{max} 天：请在店铺或模板的库存设置中修改',
    en: 'A made-to-order handling time of {days} days: TikTok Shop takes {min}–{max} days; change it in the shop or template stock setting',
  },
  tiktokInventoryRange: {
    zh: '{count} 个 SKU 的库存不在 0–{max} 之间（如 {sku}：{quantity}）',
    en: '{count} SKUs have stock outside 0–{max} (e.g. {sku}: {quantity})',
  },
  tiktokSellerSkuTooLong: {
    zh: 'SKU 编码 {sku} 超过 {max} 个字符',
    en: 'The seller SKU {sku} is longer than {max} characters',
  },
  tiktokWeightMissing: {
    zh: 'TikTok 模板的包裹重量须大于 0，请在模板中填写',
    en: 'The TikTok template’s package weight must be above 0: fill it in',
  },
  tiktokDimensionsInvalid: {
    zh: 'TikTok 模板的包裹长、宽、高须都大于 0（或都不填）',
    en: 'The TikTok template’s package length, width and height must all be above 0 (or all empty)',
  },
  tiktokWeightRange: {
    zh: 'TikTok 模板的包裹重量按 3 位小数发送，须在 {min}–{max} 之间，请修改模板',
    en: 'The TikTok template’s package weight is sent with 3 decimals and must be between {min} and {max}: fix the template',
  },
  tiktokDimensionsRange: {
    zh: 'TikTok 模板的包裹长、宽、高按 3 位小数发送，须在 {min}–{max} 之间，请修改模板',
    en: 'The TikTok template’s package length, width and height are sent with 3 decimals and must be between {min} and {max}: fix the template',
  },
  tiktokUnitsMismatch: {
    zh: '重量单位 {weight} 与尺寸单位 {dimension} 不匹配：千克配厘米，磅配英寸，请修改 TikTok 模板',
    en: 'Weight unit {weight} does not pair with dimension unit {dimension} (kilogram–centimetre, pound–inch): fix the TikTok template',
  },
  // The marketplace's answers (a publish record's message)
  tiktokUnavailable: {
    zh: 'TikTok 暂时无法访问，稍后会自动重试',
    en: 'TikTok cannot be reached right now: it will be retried automatically',
  },
  tiktokRateLimited: {
    zh: 'TikTok 调用过于频繁，已放慢速度，稍后自动继续',
    en: 'Too many calls to TikTok: slowing down and going on shortly',
  },
  tiktokTokenExpired: {
    zh: 'TikTok 店铺授权已过期，请重新连接店铺',
    en: 'The TikTok shop’s authorization expired: reconnect the shop',
  },
  tiktokTokenInvalid: {
    zh: 'TikTok 不认可店铺的访问令牌，请重新连接店铺',
    en: 'TikTok does not recognise the shop’s access token: reconnect the shop',
  },
  tiktokRefreshRefused: {
    zh: 'TikTok 店铺授权已失效，无法自动续期，请重新连接店铺',
    en: 'The TikTok shop’s authorization can no longer be renewed: reconnect the shop',
  },
  tiktokSignRefused: {
    zh: 'TikTok 拒绝了请求签名，请检查店铺的 App Key 和 App Secret 后重新连接',
    en: 'TikTok refused the request signature: check the shop’s App Key and App Secret and reconnect',
  },
  tiktokClockSkew: {
    zh: 'TikTok 拒绝了请求时间，请校准服务器时钟（误差须在 5 分钟内）后重试',
    en: 'TikTok refused the request time: set the server clock right (within 5 minutes) and retry',
  },
  tiktokShopCipher: {
    zh: 'TikTok 不认可店铺的 Shop Cipher，请重新连接店铺',
    en: 'TikTok does not recognise the shop’s Shop Cipher: reconnect the shop',
  },
  tiktokBadRequest: {
    zh: 'TikTok 认为商品信息不完整或格式不对，请检查 TikTok 模板后重试',
    en: 'TikTok found the product incomplete or malformed: check the TikTok template and retry',
  },
  tiktokCategoryNotLeaf: {
    zh: '所选分类不是 TikTok 的末级分类，请在 TikTok 模板中重新选择',
    en: 'The category is not a TikTok leaf category: choose another in the TikTok template',
  },
  tiktokMainImageRequired: { zh: 'TikTok 要求至少 1 张主图', en: 'TikTok needs at least one main image' },
  tiktokTooManySkusRemote: {
    zh: 'SKU 超过 TikTok 上限 100 个，请取消部分颜色或尺码',
    en: 'More than TikTok’s 100 SKUs: untick some colours or sizes',
  },
  tiktokTitleLength: { zh: '标题须为 1–255 个字符', en: 'The title must be 1–255 characters' },
  tiktokTitleCharacters: {
    zh: '标题含中文或表情符号，TikTok 不接受，请改为英文标题',
    en: 'The title contains Chinese characters or emoji, which TikTok does not accept: write it in English',
  },
  tiktokDescriptionLength: {
    zh: '描述超过 TikTok 上限 10000 个字符，请精简描述模板',
    en: 'The description is longer than TikTok’s 10,000 characters: shorten the description template',
  },
  tiktokSellerSkuLength: { zh: 'SKU 编码超过 50 个字符', en: 'A seller SKU is longer than 50 characters' },
  tiktokInventory: { zh: '库存须在 0–999999 之间', en: 'Stock must be 0–999999' },
  tiktokWarehouse: {
    zh: '仓库不属于该 TikTok 店铺，请检查店铺连接的仓库 ID',
    en: 'The warehouse is not this TikTok shop’s: check the shop connection’s warehouse ID',
  },
  tiktokPrice: {
    zh: '价格须在 0.01–7600 USD 之间，请检查定价模板或变体价格',
    en: 'Prices must be 0.01–7600 USD: check the pricing template or the variant prices',
  },
  tiktokDailyQuota: {
    zh: '该店铺今天在 TikTok 的上架数量已达上限，请明天再重试',
    en: 'The shop reached TikTok’s listing limit for today: retry tomorrow',
  },
  tiktokRestrictedWords: {
    zh: '标题或描述含 TikTok 限制词，请修改后重试',
    en: 'The title or description holds words TikTok restricts: edit them and retry',
  },
  tiktokUploadRefused: {
    zh: 'TikTok 不接受这种图片上传方式，请联系管理员',
    en: 'TikTok refused the way the image was uploaded: contact the administrator',
  },
  tiktokImageTooSmall: {
    zh: '图片小于 100×100 像素，TikTok 不接受，请换更大的图片',
    en: 'An image is smaller than 100×100 px, which TikTok does not accept: use a larger one',
  },
  tiktokImageTooLarge: {
    zh: '图片超过 5MB 或 20000×20000 像素，TikTok 不接受，请压缩后重试',
    en: 'An image is over 5 MB or 20000×20000 px, which TikTok does not accept: make it smaller and retry',
  },
  tiktokImageFormat: {
    zh: '图片须为 JPG 或 PNG 格式',
    en: 'Images must be JPG or PNG',
  },
  tiktokImageRefused: {
    zh: 'TikTok 不接受该图片（尺寸或比例不符），请换一张图片',
    en: 'TikTok refused an image (size or aspect ratio): use another image',
  },
  tiktokTooManyImagesRemote: { zh: '主图超过 TikTok 上限 9 张', en: 'More than TikTok’s 9 main images' },
  tiktokTooManyAttributes: {
    zh: '销售属性超过 TikTok 上限 3 个',
    en: 'More than TikTok’s 3 sales attributes',
  },
  tiktokAttributeText: {
    zh: '颜色或尺码名称过长（TikTok：属性名 ≤ 20、属性值 ≤ 50 个字符）',
    en: 'A colour or size name is too long (TikTok: attribute names ≤ 20, values ≤ 50 characters)',
  },
  tiktokImagesOnTwoAttributes: {
    zh: 'TikTok 只允许一个销售属性带图片（颜色带图，尺码不带）',
    en: 'TikTok allows images on one sales attribute only (colour with images, size without)',
  },
  tiktokDuplicateAttributes: {
    zh: '有重复的颜色和尺码组合，请去掉重复的变体',
    en: 'A colour and size combination repeats: remove the duplicate variant',
  },
  tiktokImageUnknown: {
    zh: 'TikTok 找不到已上传的图片，请重试发布',
    en: 'TikTok does not know an uploaded image: retry the publish',
  },
  tiktokPackageUnits: {
    zh: '包裹重量或尺寸无效：重量须大于 0，千克配厘米、磅配英寸，请修改 TikTok 模板',
    en: 'Package weight or size invalid: weight above 0, kilogram with centimetre, pound with inch; fix the TikTok template',
  },
  tiktokRefused: {
    zh: 'TikTok 拒绝了该商品，详情见发布记录',
    en: 'TikTok refused the product: see the publish record for details',
  },

  // Buyers' orders and their shipment (docs/marketplace-b.md#shipping)
  tiktokOrderUnknown: { zh: 'TikTok 上没有此订单，或它不属于这个店铺', en: 'TikTok has no such order in this shop' },
  tiktokOrderNotShippable: {
    zh: '该订单在 TikTok 已取消或尚未付款，不能发货',
    en: 'The order is cancelled or unpaid on TikTok: it cannot be shipped',
  },
  tiktokOrderShipped: { zh: '该订单已在 TikTok 发货，无需重复', en: 'The order has already shipped on TikTok' },
  tiktokCarrierUnknown: {
    zh: 'TikTok 不接受该物流商，请换一个 TikTok 支持的物流商',
    en: 'TikTok does not accept this shipping provider: choose one TikTok supports',
  },
  tiktokTrackingInvalid: {
    zh: 'TikTok 不接受该运单号（6–40 位字母或数字）',
    en: 'TikTok does not accept this tracking number (6–40 letters or digits)',
  },
  tiktokOrderRefused: {
    zh: 'TikTok 拒绝了该订单的操作，详情见订单异常',
    en: 'TikTok refused the order call: see the order’s exception for details',
  },
} as const satisfies Record<string, { zh: string; en: string }>;
