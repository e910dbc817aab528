import { message, type Lang, type MessageKey } from '@app/contract';

/** Every notice a command can give: a key of the contract's catalogue (docs/messages.md#validation, #errors and #editor-messages). */
export type EditorNotice = MessageKey;

/** The text of a notice in one language. */
export function noticeText(key: EditorNotice, lang: Lang = 'zh'): string {
  return message(key, lang);
}
