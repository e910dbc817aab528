/**
 * The message catalogue (docs/messages.md; Chinese exactly as the product speaks, English beside it) and the
 * server's own messages. Keys are what code refers to; the server answers in the caller's language
 * (Accept-Language), the web app shows the one of the chosen locale.
 */
import { catalogueMessages } from './catalogueMessages.js';
import { materialsMessages } from './materialsMessages.js';
import { synthesisMessages } from './synthesisMessages.js';
import { editorMessages } from './editorMessages.js';
import { finishedMessages } from './finishedMessages.js';
import { storesMessages } from './storesMessages.js';
import { priceTemplateMessages } from './priceTemplateMessages.js';
import { keywordsBanMessages } from './keywordsBanMessages.js';
import { exportMessages } from './exportMessages.js';
import { templateMessages } from './templateMessages.js';
import { watermarkMessages } from './watermarkMessages.js';
import { tiktokMessages } from './tiktokMessages.js';
import { marketTemplateMessages } from './marketTemplateMessages.js';
import { variantMessages } from './variantMessages.js';
import { aliexpressMessages } from './aliexpressMessages.js';
import { publishMessages } from './publishMessages.js';
import { validationMessages } from './validationMessages.js';
import { listingTextMessages } from './listingTextMessages.js';
import { titleMessages } from './titleMessages.js';
import { barcodeMessages } from './barcodeMessages.js';
import { orderMessages } from './orderMessages.js';
import { marketOrderMessages } from './marketOrderMessages.js';
import { walletMessages } from './walletMessages.js';
import { noticeMessages } from './noticeMessages.js';
import { inquiryMessages } from './inquiryMessages.js';
import { membershipMessages } from './membershipMessages.js';
import { BASE_MESSAGES, fillPlaceholders } from './baseMessages.js';

// In a module of their own, so that the web app's first download holds them without every feature's messages.
export { BASE_MESSAGES, fillPlaceholders };
// Each feature's group on its own too: a web page registers the groups it shows, and downloads only those
// (docs/web.md#where-the-bytes-go).
export {
  catalogueMessages,
  materialsMessages,
  synthesisMessages,
  editorMessages,
  finishedMessages,
  storesMessages,
  priceTemplateMessages,
  keywordsBanMessages,
  exportMessages,
  templateMessages,
  watermarkMessages,
  tiktokMessages,
  marketTemplateMessages,
  variantMessages,
  aliexpressMessages,
  publishMessages,
  validationMessages,
  listingTextMessages,
  titleMessages,
  barcodeMessages,
  orderMessages,
  marketOrderMessages,
  walletMessages,
  noticeMessages,
  inquiryMessages,
  membershipMessages,
};

export const MESSAGES = {
  ...BASE_MESSAGES,
  ...catalogueMessages,
  ...materialsMessages,
  ...synthesisMessages,
  ...editorMessages,
  ...finishedMessages,
  ...storesMessages,
  ...priceTemplateMessages,
  ...keywordsBanMessages,
  ...exportMessages,
  ...templateMessages,
  ...watermarkMessages,
  ...tiktokMessages,
  ...marketTemplateMessages,
  ...variantMessages,
  ...aliexpressMessages,
  ...publishMessages,
  ...validationMessages,
  ...listingTextMessages,
  ...titleMessages,
  ...barcodeMessages,
  ...orderMessages,
  ...marketOrderMessages,
  ...walletMessages,
  ...noticeMessages,
  ...inquiryMessages,
  ...membershipMessages,
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof MESSAGES;
export type Lang = 'zh' | 'en';

/** A catalogue message in one language, with `{name}` placeholders filled. */
export function message(key: MessageKey, lang: Lang = 'zh', params: Record<string, string | number> = {}): string {
  return fillPlaceholders(MESSAGES[key][lang], params);
}
