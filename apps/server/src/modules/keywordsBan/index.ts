/** Banned words (issue 14): the seller's list per marketplace, the check call, and the matcher the export uses. */
export {
  createBannedWordMatcher,
  findBannedWords,
  normaliseWord,
  type BannedWordEntry,
  type BannedWordHit,
  type BannedWordMatcher,
} from './matcher.js';
export { createKeywordsBanService, type KeywordsBanService } from './service.js';
export { keywordsBanRoutes } from './routes.js';
export { createKeywordsBanRepo, type KeywordsBanRepo } from './repo.js';
