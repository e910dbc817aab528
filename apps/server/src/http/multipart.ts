import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { MessageKey } from '@app/contract';
import { AppError } from './errors.js';
import { langOf } from './lang.js';
import { validationDetail } from './validationText.js';

/** An uploaded file, read into memory. */
export interface UploadedFile {
  data: Buffer;
  filename: string;
}

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
 * Reads a multipart upload: the one `file` part (kept in memory, as big as the route's plugin allows: 20 MB for images, docs/limits.md) and the text
 * fields, in whatever order they come. Over the limit answers `tooLarge` (docs/messages.md#validation: the upload and the crop
 * have their own message); nothing has been stored at that point.
 */
export async function readUpload<S extends z.ZodType>(req: FastifyRequest, fieldsSchema: S, tooLarge: MessageKey) {
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
    throw new AppError(400, 'invalidParameters', {}, validationDetail(parsed.error.issues, raw, langOf(req.headers['accept-language'])));
  }
  return { file, fields: parsed.data as z.output<S> };
}
