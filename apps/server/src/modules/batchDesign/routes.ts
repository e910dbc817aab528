import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { BATCH_EXCEL_MAX_BYTES, routes } from '@app/contract';
import { readUpload } from '../../http/multipart.js';
import { registerRoute } from '../../http/route.js';
import type { BatchDesignService } from './service.js';

/** /api/finished/batchDesign (docs/domain.md#excel-batch-design). */
export function batchDesignRoutes(app: FastifyInstance, deps: { batchDesign: BatchDesignService }) {
  registerRoute(app, routes.batchDesign, ({ caller, body }) => deps.batchDesign.start(caller, body.key_id, body.rows));
  // Multipart only inside this plugin, with the spreadsheet's own size limit.
  void app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: BATCH_EXCEL_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, fieldNameSize: 64, headerPairs: 50 },
    });
    registerRoute(scoped, routes.batchDesignParse, async ({ req }) => {
      const { file } = await readUpload(req, z.object({}), 'excelTooLarge');
      return deps.batchDesign.readSheet(file.data, file.filename);
    });
  });
}
