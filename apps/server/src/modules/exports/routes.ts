import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import { attachment } from '../downloads/index.js';
import type { ExportService } from './service.js';

/** /api/finished/exports|amazonExports|walmartExports|getFirstPreview|exportPreflight, /api/export/*, /api/common/getImgDomain (docs/exports.md). */
export function exportRoutes(app: FastifyInstance, deps: { exports: ExportService }) {
  const { exports } = deps;
  registerRoute(app, routes.finishedExports, ({ caller, query }) => exports.start(caller, 'exports', query));
  registerRoute(app, routes.finishedAmazonExports, ({ caller, query }) => exports.start(caller, 'amazon', query));
  registerRoute(app, routes.finishedWalmartExports, ({ caller, query }) => exports.start(caller, 'walmart', query));
  registerRoute(app, routes.finishedFirstPreview, ({ caller, lang, body }) => exports.preview(caller, lang, body.exportProducts));
  registerRoute(app, routes.finishedExportPreflight, ({ caller, lang, body }) => exports.preflight(caller, lang, body.exportProducts));
  registerRoute(app, routes.exportList, ({ caller, lang, query }) => exports.list(caller, lang, query));
  registerRoute(app, routes.exportDownload, async ({ caller, query, reply }) => {
    const file = await exports.download(caller, query.id);
    return reply
      .type(file.type)
      .header('content-disposition', attachment(file.name))
      .header('content-length', file.size)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
  registerRoute(app, routes.exportDel, ({ caller, body }) => exports.del(caller, body.ids));
  registerRoute(app, routes.imageDomains, () => exports.domains());
}
