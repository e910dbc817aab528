export { PriceTemplatesPage } from './PriceTemplatesPage';
export { PriceTemplateEditPage } from './PriceTemplateEditPage';
export { priceTemplateOptions } from './labels';
