import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { BannedWordsService } from './service.js';

/** /api/keywords_ban/* (issue 14, SPEC §7.8). */
export function bannedWordsRoutes(app: FastifyInstance, deps: { bannedWords: BannedWordsService }) {
  const { bannedWords } = deps;
  registerRoute(app, routes.keywordBanList, ({ caller, query }) => bannedWords.list(caller, query));
  registerRoute(app, routes.keywordBanAdd, ({ caller, body }) => bannedWords.add(caller, body));
  registerRoute(app, routes.keywordBanDel, ({ caller, body }) => bannedWords.del(caller, body));
  registerRoute(app, routes.keywordBanCheck, ({ caller, body }) => bannedWords.check(caller, body));
}
