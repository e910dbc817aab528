export { WatermarksPage } from './WatermarksPage';
