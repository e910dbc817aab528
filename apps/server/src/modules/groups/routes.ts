import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { GroupService } from './service.js';

/** /api/finished_group/* (docs/api.md#groups; docs/domain.md#groups). */
export function groupRoutes(app: FastifyInstance, deps: { groups: GroupService }) {
  const { groups } = deps;
  registerRoute(app, routes.groupList, ({ caller, query }) => groups.tree(caller, query.userid));
  registerRoute(app, routes.groupAdd, ({ caller, body }) => groups.add(caller, body));
  registerRoute(app, routes.groupUpdate, ({ caller, body }) => groups.rename(caller, body));
  registerRoute(app, routes.groupLock, ({ caller, body }) => groups.setLocked(caller, body.id, 1));
  registerRoute(app, routes.groupUnlock, ({ caller, body }) => groups.setLocked(caller, body.id, 0));
  registerRoute(app, routes.groupDel, ({ caller, body }) => groups.del(caller, body.id));
}
