export { BrandMark } from './BrandMark';
export { LanguageSwitch } from './LanguageSwitch';
export { LevelTag } from './LevelTag';
export { PageHeader } from './PageHeader';
export { IconButton } from './IconButton';
export { RowActions, dateTimeCell, dateTimeTwoLinesCell } from './ListCells';
export { ListTable, useEditDeleteColumn, type ListPage } from './ListTable';
export { labelWithPage, newTabLink } from './NewTabLink';
export { PriceTemplateSelect } from './PriceTemplateSelect';
