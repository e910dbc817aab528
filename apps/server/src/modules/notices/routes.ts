import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { NoticeService } from './service.js';

/** GET /api/notice/* (docs/mobile.md#notices): the notices in force, readable logged out. */
export function noticeRoutes(app: FastifyInstance, deps: { notices: NoticeService }) {
  const { notices } = deps;
  registerRoute(app, routes.noticeList, ({ query }) => notices.list(query));
  registerRoute(app, routes.noticeDetail, ({ query }) => notices.detail(query.id));
}
