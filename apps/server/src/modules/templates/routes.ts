import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { DIY_TEMPLATE_MAX_BYTES, num, routes } from '@app/contract';
import { readUpload } from '../../http/multipart.js';
import { registerRoute } from '../../http/route.js';
import type { TemplateService } from './service.js';

const diyFields = z.object({
  id: num(z.number().int().positive()).optional(),
  store_id: num(z.number().int().positive()).optional(),
  name: z.string().max(1000).optional(),
});

/** /api/template/*, /api/walmart/* and the export dialog's cascaders (docs/templates.md, docs/api.md#export-and-shops). */
export function templateRoutes(app: FastifyInstance, deps: { templates: TemplateService }) {
  const { simple, amazon, walmart, optionLists, byShop } = deps.templates;
  registerRoute(app, routes.templateList, ({ caller, query }) => simple.list(caller, query));
  registerRoute(app, routes.templateDetail, ({ caller, query }) => simple.detail(caller, query.id));
  registerRoute(app, routes.templateAdd, ({ caller, body }) => simple.add(caller, body));
  registerRoute(app, routes.templateUpdate, ({ caller, body }) => simple.update(caller, body));
  registerRoute(app, routes.templateDelete, ({ caller, body }) => simple.del(caller, body.id));

  registerRoute(app, routes.templateAmazonList, ({ caller, query }) => amazon.list(caller, query));
  registerRoute(app, routes.templateAmazonDetail, ({ caller, query }) => amazon.detail(caller, query.id));
  registerRoute(app, routes.templateAmazonAdd, ({ caller, body }) => amazon.add(caller, body));
  registerRoute(app, routes.templateAmazonUpdate, ({ caller, body }) => amazon.update(caller, body));
  registerRoute(app, routes.templateAmazonDelete, ({ caller, body }) => amazon.del(caller, body.id));

  registerRoute(app, routes.templateSiteList, ({ lang }) => optionLists.sites(lang));
  registerRoute(app, routes.templateCategoryList, ({ query, lang }) => optionLists.categories(query.site, lang));
  registerRoute(app, routes.templateFeedTypeList, ({ query, lang }) => optionLists.feedTypes(query.category, lang));
  registerRoute(app, routes.templateItemTypeList, ({ query, lang }) => optionLists.itemTypes(query.feed_product_type, lang));

  registerRoute(app, routes.walmartList, ({ caller, query }) => walmart.list(caller, query));
  registerRoute(app, routes.walmartDetail, ({ caller, query }) => walmart.detail(caller, query.id));
  registerRoute(app, routes.walmartAdd, ({ caller, body }) => walmart.add(caller, body));
  registerRoute(app, routes.walmartUpdate, ({ caller, body }) => walmart.update(caller, body));
  registerRoute(app, routes.walmartDel, ({ caller, body }) => walmart.del(caller, body.id));

  registerRoute(app, routes.templatesByStore, ({ caller, query }) => byShop.simple(caller, query.store_id));
  registerRoute(app, routes.amazonTemplatesByStore, ({ caller, query }) => byShop.amazon(caller, query.store_id));

  // Multipart only inside this plugin, with the template file's own size limit (10 MB).
  void app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: DIY_TEMPLATE_MAX_BYTES, files: 1, fields: 3, parts: 4, fieldSize: 1024, fieldNameSize: 64, headerPairs: 50 },
    });
    registerRoute(scoped, routes.templateDiyImport, async ({ caller, req }) => {
      const { file, fields } = await readUpload(req, diyFields, 'templateDiyTooLarge');
      return amazon.diyImport(caller, file, fields);
    });
  });
}
