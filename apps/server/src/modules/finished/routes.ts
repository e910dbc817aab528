import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute, sellerGone } from '../../http/route.js';
import type { FinishedService } from './service.js';

/** /api/finished/* of the finished-products screen (docs/api.md#finished-products). */
export function finishedRoutes(app: FastifyInstance, deps: { finished: FinishedService; support: { phone: string; url: string } }) {
  const { finished, support } = deps;
  registerRoute(app, routes.finishedList, ({ caller, query, lang, reply }) => finished.list(caller, query, lang, sellerGone(reply)));
  registerRoute(app, routes.finishedDetail, ({ caller, query }) => finished.detail(caller, query.id));
  registerRoute(app, routes.updateFinished, ({ caller, body }) => finished.update(caller, body.list, { renames: true }));
  registerRoute(app, routes.mutiUpdateFinishedSave, ({ caller, body }) => finished.update(caller, body.list, { renames: false }));
  registerRoute(app, routes.finishedDel, ({ caller, body }) => finished.del(caller, body.ids));
  registerRoute(app, routes.withdrawPublicImages, ({ caller, body }) => finished.withdrawPublicImages(caller, body.ids));
  // The API names combining setGroup / cancelGroup; a custom group is joinToGroup's.
  registerRoute(app, routes.setGroup, ({ caller, body }) => finished.combine(caller, body.ids));
  registerRoute(app, routes.cancelGroup, ({ caller, body }) => finished.uncombine(caller, body.ids));
  registerRoute(app, routes.joinToGroup, ({ caller, body }) => finished.joinToGroup(caller, body.ids, body.group_id));
  registerRoute(app, routes.addRemark, ({ caller, body }) => finished.addRemark(caller, body.id, body.remark));
  registerRoute(app, routes.addToCartsPage, ({ caller, query }) => finished.variants(caller, query.id));
  registerRoute(app, routes.searchChildren, ({ caller, query }) => finished.variants(caller, query.id, query.keywords));
  registerRoute(app, routes.addToCarts, ({ caller, body }) => finished.addToCarts(caller, body.id, body.num));
  registerRoute(app, routes.supportContact, () => support);
  registerRoute(app, routes.mutiUpdateFinishedPage, ({ caller, query }) => finished.batchEditPage(caller, query.ids));
  registerRoute(app, routes.finishedListingNames, ({ caller, query }) => finished.listingNames(caller, query.id));
  registerRoute(app, routes.finishedSetListingNames, ({ caller, body }) => finished.setListingNames(caller, body));
}
