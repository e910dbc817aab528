import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { KeywordsBanService } from './service.js';

/** /api/keywords_ban/* (issue 14, SPEC §7.8). */
export function keywordsBanRoutes(app: FastifyInstance, deps: { keywordsBan: KeywordsBanService }) {
  const { keywordsBan } = deps;
  registerRoute(app, routes.keywordBanList, ({ caller, query }) => keywordsBan.list(caller, query));
  registerRoute(app, routes.keywordBanAdd, ({ caller, body }) => keywordsBan.add(caller, body));
  registerRoute(app, routes.keywordBanDel, ({ caller, body }) => keywordsBan.del(caller, body));
  registerRoute(app, routes.keywordBanCheck, ({ caller, body }) => keywordsBan.check(caller, body));
}
