/** Banned words (issue 14): the seller's list per marketplace, the check call, and the matcher the export uses. */
export {
  createBannedWordMatcher,
  findBannedWords,
  normaliseWord,
  type BannedWordEntry,
  type BannedWordHit,
  type BannedWordMatcher,
} from './matcher.js';
export { createBannedWordsService, type BannedWordsService } from './service.js';
export { bannedWordsRoutes } from './routes.js';
export { createBannedWordsRepo, type BannedWordsRepo } from './repo.js';
