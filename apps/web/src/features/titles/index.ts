export { TitleTemplatesPage } from './TitleTemplatesPage';
export { TitleTemplateEditPage } from './TitleTemplateEditPage';
export { KeywordSetsPage } from './KeywordSetsPage';
export { TitlePickers, TITLE_CHOICE_DEFAULTS, type TitleChoices } from './TitlePickers';
