/**
 * The general messages (validation, confirmations, errors, accounts): the ones a web page may show before any
 * feature's code has loaded, which the web app's first download holds alone (docs/web.md#where-the-bytes-go).
 */
export const BASE_MESSAGES = {
  // Validation (docs/messages.md#validation)
  excelFormat: { zh: '上传格式不正确，请上传xls或者xlsx格式', en: 'Wrong file format: please upload an xls or xlsx file' },
  batchTruncated: { zh: '最多一次同时批量20个 已自动截取', en: 'At most 20 at a time: the rest were cut off' },
  excelNoData: { zh: 'excel无有效数据', en: 'The spreadsheet has no valid rows' },
  noPlaceholderTextLayer: {
    zh: '遮罩中无对应有效的文本图层',
    en: 'The design area has no text layer holding the placeholder (NO. or 姓名)',
  },
  skuUnchanged: { zh: '未修改', en: 'Not changed' },
  skuDuplicate: { zh: '已经存在相同的sku属性值', en: 'The same SKU attribute value already exists' },
  confirmDelete: { zh: '是否确认删除?', en: 'Confirm deletion?' },
  confirmDeleteShort: { zh: '确认删除 ?', en: 'Delete?' },
  confirmClearGroup: { zh: '是否确定清除分组?', en: 'Clear the group?' },
  confirmRegenerate: { zh: '确定重新生成该成品图吗？', en: 'Regenerate this finished-product image?' },
  chooseGroup: { zh: '请选择要归入的分组', en: 'Choose a group to file into' },
  uploadTooLarge: { zh: '文件大小不能超过20MB，请重新上传', en: 'File size cannot exceed 20MB, please upload again' },
  cropTooLarge: { zh: '裁剪质量过高，请重新选择', en: 'Crop quality is too high, please reselect' },
  alreadyOnMask: { zh: '已在当前遮罩上，无需复制', en: 'Already on the current mask, no need to copy' },
  backgroundNoCopy: { zh: '背景图不能复制', en: 'Background image cannot be copied' },
  // Confirmations (docs/messages.md#confirmations)
  confirmCombineSimple: { zh: '你确定要组合所选的简单商品吗 ?', en: 'Combine the selected simple products?' },
  confirmCombineMixed: {
    zh: '你想组合的产品中有组合商品，确定继续组合吗？',
    en: 'Some selected products are combinations. Combine anyway?',
  },
  confirmCancelCombination: { zh: '你确定要取消组合商品吗 ?', en: 'Cancel the combination products?' },
  confirmCancelCombo: { zh: '确认取消组合 ?', en: 'Confirm Cancel Combination?' },
  // Error catalogue (docs/messages.md#errors)
  detailNotReady: { zh: '未完全生成', en: 'Not fully generated' },
  layerRecordMissing: { zh: '找不到该设计的图层记录', en: 'No layer record, please design blank' },
  designOwnerLogin: { zh: '请登录对应账号重新设计', en: 'Please log in to the owning account to redesign' },
  regenerateOwnerLogin: {
    zh: '找不到该成品，请登录对应账号重新生成',
    en: 'Finished product not found: log in to the owning account to regenerate',
  },
  remarkSaved: { zh: '备注修改成功！', en: 'Remark saved!' },
  copySucceeded: { zh: '拷贝成功', en: 'Copied' },
  copyFailed: { zh: '拷贝失败，请重新拷贝', en: 'Copy failed, please copy again' },
  batchDesignStarted: { zh: '已开始合成，可稍后再来查看', en: 'Composition started, check back later' },
  regenerationStarted: { zh: '开始合成新成品图中，可随时再来查看~', en: 'Composing new finished images, check back anytime~' },
  // Editor messages, given in English first (docs/messages.md#editor-messages)
  materialLoadFailed: { zh: '素材加载失败', en: 'Material failed to load' },
  noMaterial: { zh: '没有素材', en: 'No material' },
  cutpieceConfigError: { zh: '裁片配置错误', en: 'Cutpiece configuration error' },
  materialRetrying: { zh: '素材生成重试中', en: 'Material generation retrying' },
  materialComposeFailed: { zh: '素材合成失败，请重新保存', en: 'Material composition failed, please retry saving' },
  badParameters: { zh: '参数传递错误', en: 'Parameters transmitted incorrectly' },
  tilingUnsupported: { zh: '浏览器不支持平铺，请切换到Chrome', en: 'Browser does not support tiling, please switch to Chrome' },
  addedSuccessfully: { zh: '添加成功', en: 'Added successfully' },
  recomposeStarting: { zh: '开始重新合成新素材', en: 'Starting to recompose new material' },
  recomposeDone: {
    zh: '新素材合成完成，正在合成新成品图，可随时再来查看',
    en: 'New material composed, now composing new finished images, check back anytime',
  },
  copySuccessful: { zh: '复制成功', en: 'Copy successful' },
  // Server: general
  ok: { zh: '成功', en: 'OK' },
  notLoggedIn: { zh: '请先登录', en: 'Please log in first' },
  sessionExpired: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  notFound: { zh: '找不到该记录', en: 'Not found' },
  routeNotFound: { zh: '接口不存在', en: 'No such API call' },
  invalidParameters: { zh: '参数错误', en: 'Invalid parameters' },
  fieldRequired: { zh: '缺少必填项：{field}', en: '{field} is required' },
  malformedJson: { zh: '请求内容不是有效的JSON', en: 'The request body is not valid JSON' },
  bodyTooLarge: { zh: '请求内容过大', en: 'The request is too large' },
  unsupportedMediaType: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  unexpected: { zh: '服务器开小差了，请稍后重试', en: 'Something went wrong on our side, please try again' },
  badRequest: { zh: '请求格式错误', en: 'The request is malformed' },
  badUrl: { zh: '请求地址无效', en: 'The request address is not valid' },
  urlTooLong: { zh: '请求地址过长', en: 'The request address is too long' },
  headersTooLarge: { zh: '请求头过大', en: 'The request headers are too large' },
  requestTimeout: { zh: '请求超时，请重试', en: 'The request took too long, please try again' },
  fileNotFound: { zh: '文件不存在', en: 'No such file' },
  forbidden: { zh: '没有权限进行此操作', en: 'You are not allowed to do this' },
  // Server: accounts
  usernameTaken: { zh: '用户名已被注册', en: 'This username is already taken' },
  wrongCredentials: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  accountDisabled: { zh: '该账号已被停用，请联系主账号', en: 'This account is disabled: ask its parent account' },
  tooManyLogins: {
    zh: '该账号在此处登录失败次数过多，请{seconds}秒后再试',
    en: 'Too many failed logins for this account from here: try again in {seconds} seconds',
  },
  tooManyAttempts: { zh: '操作过于频繁，请{seconds}秒后再试', en: 'Too many attempts: try again in {seconds} seconds' },
  crossSiteRefused: {
    zh: '请求来自其他网站，已拒绝',
    en: 'Refused: this request came from another website',
  },
  downloadLinkInvalid: {
    zh: '下载链接已失效，请重新点击下载',
    en: 'This download link has expired or is not yours: start the download again',
  },
  tooManyLoginsAccount: {
    zh: '该账号近期登录失败次数过多，请{seconds}秒后再试，或在曾登录过此账号的设备上登录',
    en: 'Too many failed logins for this account lately: try again in {seconds} seconds, or log in on a device that has logged in to it before',
  },
  passwordLength: {
    zh: '密码需 8–64 个字符：太短的密码很快就会被猜出',
    en: 'A password needs 8 to 64 characters: a shorter one is quickly guessed',
  },
  passwordTooCommon: {
    zh: '密码太常见或太有规律（常用密码、单词、日期、键盘顺序或重复字符），很容易被猜出：请换一个更长、更少见的密码',
    en: 'This password is too common or predictable (a common password, word, date, keyboard run or repetition) and easily guessed: choose a longer, less usual one',
  },
  // The username rule's message (packages/contract/src/accounts.ts), here because the account pages load that schema.
  usernameChars: { zh: '{field} 只能包含字母、数字和 _ . -', en: '{field} may hold letters, digits, _ . and - only' },
  nameHasControlChars: {
    zh: '不能包含控制字符或文字方向控制字符（换行、制表符、U+202E 等），请删除后重试',
    en: 'cannot hold control or text-direction characters (line breaks, tabs, U+202E …): remove them and try again',
  },
  subAccountCeiling: {
    zh: '每个主账号最多{max}个子账号，已达上限：如需更多请联系客服',
    en: 'An account can have at most {max} sub-accounts and this one has them all: contact support for more',
  },
  tooManySubAccounts: {
    zh: '创建子账号过于频繁，请{seconds}秒后再试',
    en: 'Sub-accounts are being created too often: try again in {seconds} seconds',
  },
  subAccountCannotManage: { zh: '子账号不能管理子账号', en: 'A sub-account cannot manage sub-accounts' },
  registered: { zh: '注册成功', en: 'Registered' },
  loggedIn: { zh: '登录成功', en: 'Logged in' },
  loggedOut: { zh: '已退出登录', en: 'Logged out' },
  self: { zh: '本人', en: 'Myself' },
} as const satisfies Record<string, { zh: string; en: string }>;

/** Fills a message's `{name}` placeholders. */
export function fillPlaceholders(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
