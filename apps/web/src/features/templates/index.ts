export { TemplatesPage } from './TemplatesPage';
/** Shared with the marketplace templates' pages (features/marketTemplates). */
export { ShopSelect } from './ShopSelect';
export { FormSection, TemplateFormDrawer, useSaveThenClose } from './TemplateFormParts';
export { TemplateTable } from './TemplateTable';
export { useShopOptions, type ShopKind } from './shops';
