import { BANNED_WORDS_STRINGS } from './bannedWordsStrings';
import { CATALOGUE_STRINGS } from './catalogueStrings';
import { EDITOR_STRINGS } from './editorStrings';
import { FINISHED_STRINGS } from './finishedStrings';
import { POLISH_STRINGS } from './polishStrings';
import { STORES_STRINGS } from './storesStrings';
import { PRICE_TEMPLATE_STRINGS } from './priceTemplateStrings';
import { EXPORTS_STRINGS } from './exportsStrings';
import { WATERMARK_STRINGS } from './watermarkStrings';
import { TEMPLATES_STRINGS } from './templatesStrings';
import { PUBLISH_STRINGS } from './publishStrings';
import { MARKET_TEMPLATES_STRINGS } from './marketTemplatesStrings';
import { MESSAGES } from '@app/contract';
import { registerMessages, registerStrings } from './strings';

/**
 * Every feature's texts and the contract's whole message catalogue, registered together: the back office and the editor load this module with their first page
 * (routes.tsx), so the login page's first download holds only the shell's texts (docs/web.md#where-the-bytes-go).
 */
export function registerFeatureStrings(): void {
  registerStrings({
    ...BANNED_WORDS_STRINGS,
    ...CATALOGUE_STRINGS,
    ...EDITOR_STRINGS,
    ...FINISHED_STRINGS,
    ...POLISH_STRINGS,
    ...STORES_STRINGS,
    ...PRICE_TEMPLATE_STRINGS,
    ...EXPORTS_STRINGS,
    ...WATERMARK_STRINGS,
    ...TEMPLATES_STRINGS,
    ...PUBLISH_STRINGS,
    ...MARKET_TEMPLATES_STRINGS,
  });
  registerMessages(MESSAGES);
}
