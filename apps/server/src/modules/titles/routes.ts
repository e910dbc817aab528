import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { TitlePreviewer } from './preview.js';
import type { TitleService } from './service.js';

/** /api/title_template/* and /api/keywords/* (docs/api.md#listing-tools, docs/listing-tools.md). */
export function titleRoutes(app: FastifyInstance, deps: { titles: TitleService; titlePreview: TitlePreviewer }) {
  const { titles, titlePreview } = deps;
  registerRoute(app, routes.titleTemplateList, ({ caller, query }) => titles.listTemplates(caller, query));
  registerRoute(app, routes.titleTemplateAdd, ({ caller, body }) => titles.addTemplate(caller, body));
  registerRoute(app, routes.titleTemplateUpdate, ({ caller, body }) => titles.updateTemplate(caller, body));
  registerRoute(app, routes.titleTemplateDel, ({ caller, body }) => titles.delTemplates(caller, body));
  registerRoute(app, routes.titleTemplatePreview, ({ caller, lang, body }) => titlePreview(caller, lang, body));
  registerRoute(app, routes.keywordSetList, ({ caller, query }) => titles.listSets(caller, query));
  registerRoute(app, routes.keywordSetAdd, ({ caller, body }) => titles.addSet(caller, body));
  registerRoute(app, routes.keywordSetUpdate, ({ caller, body }) => titles.updateSet(caller, body));
  registerRoute(app, routes.keywordSetDel, ({ caller, body }) => titles.delSets(caller, body));
}
