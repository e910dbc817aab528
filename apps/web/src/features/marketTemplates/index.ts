export { AliexpressTemplatesPage, TiktokTemplatesPage } from './MarketTemplatesPage';
