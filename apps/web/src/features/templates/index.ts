export { TemplatesPage } from './TemplatesPage';
