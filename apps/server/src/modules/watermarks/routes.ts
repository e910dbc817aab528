import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { routes, WATERMARK_IMAGE_MAX_BYTES } from '@app/contract';
import { readUpload } from '../../http/multipart.js';
import { registerRoute } from '../../http/route.js';
import type { WatermarkService } from './service.js';

/** /api/watermark/* (docs/watermarks.md, docs/api.md#export-and-shops). */
export function watermarkRoutes(app: FastifyInstance, deps: { watermarks: WatermarkService }) {
  const { watermarks } = deps;
  registerRoute(app, routes.watermarkList, ({ caller, query }) => watermarks.list(caller, query));
  registerRoute(app, routes.watermarkGet, ({ caller, query }) => watermarks.get(caller, query.id));
  registerRoute(app, routes.watermarkAdd, ({ caller, body }) => watermarks.add(caller, body));
  registerRoute(app, routes.watermarkUpdate, ({ caller, body }) => watermarks.update(caller, body));
  registerRoute(app, routes.watermarkDel, ({ caller, body }) => watermarks.del(caller, body));
  registerRoute(app, routes.watermarkPreview, async ({ caller, body, reply }) =>
    reply
      .type('image/jpeg')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(await watermarks.preview(caller, body)),
  );
  // Multipart only inside this plugin, with the watermark PNG's own size limit.
  void app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: WATERMARK_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 64, headerPairs: 50 },
    });
    registerRoute(scoped, routes.watermarkUploadImage, async ({ caller, req }) => {
      const { file } = await readUpload(req, z.object({}), 'watermarkImageTooLarge');
      return watermarks.uploadImage(caller, file);
    });
  });
}
