import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { z } from 'zod';
import { materialCropFields, materialUploadFields, routes, UPLOAD_LIMIT_BYTES, type MessageKey } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import { AppError } from '../../http/errors.js';
import type { MaterialService, UploadedFile } from './service.js';

/** Error codes of @fastify/multipart and busboy limits, as a seller should hear them. */
const MULTIPART_ERRORS: Record<string, MessageKey> = {
  FST_FILES_LIMIT: 'uploadOneFile',
  FST_PARTS_LIMIT: 'uploadBadField',
  FST_FIELDS_LIMIT: 'uploadBadField',
  FST_PROTO_VIOLATION: 'uploadBadField',
  FST_INVALID_JSON_FIELD_ERROR: 'uploadBadField',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'uploadNoFile',
};

/**
 * Reads a multipart upload: the one `file` part (kept in memory: at most 20 MB, SPEC §9) and the text
 * fields, in whatever order they come. Over 20 MB answers `tooLarge` (§5: the upload and the crop
 * have their own message); nothing has been stored at that point.
 */
async function readUpload<S extends z.ZodType>(req: FastifyRequest, fieldsSchema: S, tooLarge: MessageKey) {
  let file: UploadedFile | undefined;
  let truncated = false;
  const raw: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        // busboy stops at the fileSize limit and flags the stream: the file was larger than allowed.
        if (part.file.truncated) truncated = true;
        else if (part.fieldname === 'file') file = { data: Buffer.concat(chunks), filename: part.filename ?? '' };
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        throw new AppError(400, 'uploadBadField', {}, part.fieldname);
      } else if (typeof part.value === 'string' && part.value !== '') {
        // An empty field means "not given", as a form sends it.
        raw[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const key = MULTIPART_ERRORS[(e as { code?: string })?.code ?? ''];
    throw new AppError(400, key ?? 'invalidParameters', {}, key ? undefined : 'malformed multipart body');
  }
  if (truncated) throw new AppError(413, tooLarge);
  if (!file || file.data.length === 0) throw new AppError(400, 'uploadNoFile');
  const parsed = fieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new AppError(400, 'invalidParameters', {}, detail);
  }
  return { file, fields: parsed.data as z.output<S> };
}

/** /api/my_source/* (issue 3, SPEC §7.7). */
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
