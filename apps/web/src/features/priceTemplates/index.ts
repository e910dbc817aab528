export { PriceTemplatesPage } from './PriceTemplatesPage';
export { PriceTemplateEditPage } from './PriceTemplateEditPage';
