/**
 * What the server says of an input its contract refuses, after 参数错误: / Invalid parameters: (docs/messages.md#validation),
 * by the kind of refusal (zod's issue kinds) or by a schema's own rule; merged into MESSAGES. Each names its field
 * through `{field}`. The web app never shows them itself (it shows the server's answer), so they stay out of its
 * first download.
 */
export const validationMessages = {
  fieldNotNumber: { zh: '{field} 须为数字', en: '{field} must be a number' },
  fieldNotText: { zh: '{field} 须为文本', en: '{field} must be text' },
  fieldNotList: { zh: '{field} 须为列表', en: '{field} must be a list' },
  fieldWrongType: { zh: '{field} 类型不正确', en: '{field} has the wrong type' },
  fieldOneOf: { zh: '{field} 须为以下之一：{values}', en: '{field} must be one of {values}' },
  fieldAtLeast: { zh: '{field} 不能小于{min}', en: '{field} must be at least {min}' },
  fieldAbove: { zh: '{field} 须大于{min}', en: '{field} must be more than {min}' },
  fieldAtMost: { zh: '{field} 不能大于{max}', en: '{field} must be at most {max}' },
  fieldBelow: { zh: '{field} 须小于{max}', en: '{field} must be less than {max}' },
  fieldTooShort: { zh: '{field} 至少{min}个字符', en: '{field} needs at least {min} characters' },
  fieldTooLong: { zh: '{field} 最多{max}个字符', en: '{field} can hold at most {max} characters' },
  fieldTooFew: { zh: '{field} 至少{min}项', en: '{field} needs at least {min} items' },
  fieldTooMany: { zh: '{field} 最多{max}项', en: '{field} can hold at most {max} items' },
  fieldFormat: { zh: '{field} 格式不正确', en: '{field} is not in the right format' },
  fieldMultipleOf: { zh: '{field} 须为{step}的倍数', en: '{field} must be a multiple of {step}' },
  fieldsUnknown: { zh: '不支持的字段：{keys}', en: 'Unknown fields: {keys}' },
  // A schema's own rules (the message is the key; packages/contract/src/numbers.ts, materials.ts, jobs.ts, bills.ts).
  fieldCommaJoinedIds: { zh: '{field} 须为逗号分隔的数字', en: '{field} must be comma-joined numbers' },
  fieldNoComma: { zh: '{field} 不能包含逗号', en: '{field} cannot hold a comma' },
  fieldStateCode: {
    zh: '{field} 须为州/省的代码（如 CA、NY、ON、NSW）：发往美国、加拿大、澳大利亚必填',
    en: '{field} must be the state or province code (CA, NY, ON, NSW): required for the US, Canada and Australia',
  },
  fieldEndBeforeStart: { zh: '{field} 不能早于开始时间 start_time', en: '{field} cannot be before start_time' },
  giveOneOf: { zh: '请提供以下之一：{fields}', en: 'Give one of {fields}' },
} as const satisfies Record<string, { zh: string; en: string }>;

/** A validation message's key: what a schema gives as its message to be said in the seller's language. */
export type ValidationMessageKey = keyof typeof validationMessages;
