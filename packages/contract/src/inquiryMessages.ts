/**
 * Messages of the inquiry form (docs/mobile.md#inquiries), zh and en; merged into MESSAGES. The refusals name their
 * field through `{field}` (docs/messages.md#validation); the scale labels are INQUIRY_SCALE_LABELS' (sitePages.ts).
 * Keys carry the feature's prefix: a key another feature also defines would silently replace one of them.
 */
export const inquiryMessages = {
  inquiryFieldEmpty: { zh: '{field} 不能为空', en: '{field} cannot be empty' },
  inquiryContactInvalid: {
    zh: '{field} 须为手机号（如 13800138000）、电话号码（7–20 位数字，可带 +、空格或 -）或邮箱地址',
    en: '{field} must be a mobile number (such as 13800138000), a phone number (7–20 digits, with +, spaces or dashes) or an email address',
  },
  inquiryTooMany: {
    zh: '提交过于频繁：同一地址每小时最多提交 {max} 条咨询，请{seconds}秒后再试',
    en: 'Too many inquiries: at most {max} an hour from one address; try again in {seconds} seconds',
  },
  inquiryScaleSmall: { zh: '每月 1,000 件以下', en: 'Under 1,000 a month' },
  inquiryScaleMedium: { zh: '每月 1,000–10,000 件', en: '1,000–10,000 a month' },
  inquiryScaleLarge: { zh: '每月 10,000 件以上', en: 'Over 10,000 a month' },
} as const satisfies Record<string, { zh: string; en: string }>;
