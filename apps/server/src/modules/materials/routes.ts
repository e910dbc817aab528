import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { materialCropFields, materialUploadFields, routes, UPLOAD_LIMIT_BYTES } from '@app/contract';
import { readUpload } from '../../http/multipart.js';
import { registerRoute } from '../../http/route.js';
import type { MaterialService } from './service.js';

/** /api/my_source/* (docs/api.md#editor, docs/editor.md#materials). */
export function materialRoutes(app: FastifyInstance, deps: { materials: MaterialService }) {
  const { materials } = deps;

  registerRoute(app, routes.materialList, ({ caller, query, lang }) => materials.list(caller, query, lang));
  registerRoute(app, routes.materialInfo, ({ caller, query, lang }) => materials.info(caller, query.id, lang));
  registerRoute(app, routes.materialEdit, ({ caller, body, lang }) => materials.edit(caller, body, lang));
  registerRoute(app, routes.materialDelete, async ({ caller, body }) => ({ deleted: await materials.remove(caller, body.ids) }));
  registerRoute(app, routes.materialFolderList, async ({ caller, query }) => ({ list: await materials.folderTree(caller, query.userId) }));
  registerRoute(app, routes.materialFolderAdd, ({ caller, body }) => materials.addFolder(caller, body));
  registerRoute(app, routes.materialFolderRename, ({ caller, body }) => materials.renameFolder(caller, body.id, body.title));
  registerRoute(app, routes.materialFolderMove, ({ caller, body }) => materials.moveFolder(caller, body.id, body.pid));
  registerRoute(app, routes.materialFolderDelete, async ({ caller, body }) => {
    await materials.deleteFolder(caller, body.id);
    return null;
  });
  registerRoute(app, routes.materialKeywordList, async ({ caller, query }) => ({
    list: await materials.keywordList(caller, query.userId),
  }));

  // Multipart is parsed only inside this plugin, so every other route keeps its JSON-only body.
  void app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 8192, fieldNameSize: 64, headerPairs: 50 },
    });
    registerRoute(scoped, routes.materialUpload, async ({ caller, req, lang }) => {
      const { file, fields } = await readUpload(req, materialUploadFields, 'uploadTooLarge');
      return materials.upload(caller, file, fields, { crop: false, lang });
    });
    registerRoute(scoped, routes.materialUploadCrop, async ({ caller, req, lang }) => {
      const { file, fields } = await readUpload(req, materialCropFields, 'cropTooLarge');
      return materials.upload(caller, file, fields, { crop: true, lang });
    });
  });
}
