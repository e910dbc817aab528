export { getLang, setLang, subscribeLang, LOCALE_TAG } from './language';
export { messageText, translate, type StringKey } from './strings';
export { useI18n, type I18n } from './useI18n';
