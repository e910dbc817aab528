import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { BARCODE_FILE_MAX_BYTES, BARCODE_MAKER_NAME_MAX, num, routes } from '@app/contract';
import { readUpload } from '../../http/multipart.js';
import { registerRoute } from '../../http/route.js';
import { barcodeImage } from './image.js';
import type { BarcodeService } from './service.js';

const fileFields = z.object({
  maker_id: num(z.number().int().positive()).optional(),
  name: z
    .string()
    .max(BARCODE_MAKER_NAME_MAX * 4)
    .optional(),
});

/** /api/barcode_makers/* (docs/listing-tools.md#barcodes, docs/api.md#listing-settings). */
export function barcodeRoutes(app: FastifyInstance, deps: { barcodes: BarcodeService }) {
  const { barcodes } = deps;
  registerRoute(app, routes.barcodeMakerList, ({ caller, query }) => barcodes.makers(caller, query));
  registerRoute(app, routes.barcodeMakerStatus, ({ caller, body }) => barcodes.setMakerStatus(caller, body));
  registerRoute(app, routes.barcodeMakerDel, ({ caller, body }) => barcodes.deleteMaker(caller, body));
  registerRoute(app, routes.barcodeImport, ({ caller, body, lang }) => barcodes.importCodes(caller, lang, body, { text: body.codes }));
  registerRoute(app, routes.barcodeCreate, ({ caller, body }) => barcodes.generate(caller, body));
  registerRoute(app, routes.barcodeList, ({ caller, query }) => barcodes.codes(caller, query));
  registerRoute(app, routes.barcodeStatus, ({ caller, body }) => barcodes.setCodeStatus(caller, body));
  registerRoute(app, routes.barcodeImage, async ({ caller, query, reply }) => {
    const { code, type } = await barcodes.codeForImage(caller, query.code);
    const image = await barcodeImage(code, type, query.format);
    if (query.download === 1) reply.header('content-disposition', `attachment; filename="${code}.${query.format}"`);
    return reply
      .type(query.format === 'svg' ? 'image/svg+xml; charset=utf-8' : 'image/png')
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(image);
  });
  // Multipart only inside this plugin, with the import file's own size limit.
  void app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: BARCODE_FILE_MAX_BYTES, files: 1, fields: 3, parts: 4, fieldSize: 1024, fieldNameSize: 64, headerPairs: 50 },
    });
    registerRoute(scoped, routes.barcodeImportFile, async ({ caller, req, lang }) => {
      const { file, fields } = await readUpload(req, fileFields, 'barcodeFileTooLarge');
      return barcodes.importCodes(caller, lang, fields, { file: file.data, filename: file.filename });
    });
  });
}
