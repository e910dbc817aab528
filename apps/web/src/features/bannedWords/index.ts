export { BannedWordsPage } from './BannedWordsPage';
