import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FAIL, message, type ErrorEnvelope, type MessageKey } from '@app/contract';
import { AppError } from './errors.js';
import { langOf } from './lang.js';

function send(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  detail?: string,
  params?: Record<string, string | number>,
) {
  const lang = langOf(req.headers['accept-language']);
  const msg = message(key, lang, params) + (detail ? `: ${detail}` : '');
  const body: ErrorEnvelope = { code: FAIL, msg, data: null, request_id: String(req.id) };
  return reply.status(status).send(body);
}

/** Fastify's own client errors, by code, with the message a seller sees. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, MessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformedJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformedJson'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'bodyTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalidParameters'],
};

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
}

/**
 * A body that matches none of a union's shapes (groupAdd takes {pid, name} or {id, name}) is told what
 * is wrong with the shape it came closest to (fewest unknown fields, then fewest issues), field by
 * field, rather than "Invalid input".
 */
function unionDetail(where: string, options: ZodIssueLike[][]): string[] {
  const cost = (issues: ZodIssueLike[]) => issues.filter((i) => i.code === 'unrecognized_keys').length * 1000 + issues.length;
  const closest = options.reduce((best, o) => (cost(o) < cost(best) ? o : best));
  return closest.map((i) => {
    const at = [where, ...i.path.map(String)].filter(Boolean).join('.');
    return at ? `${at}: ${i.message}` : i.message;
  });
}

/**
 * Every failure leaves as the envelope {code, msg, data: null, request_id}; nothing of a stack trace
 * reaches the client. Unexpected errors are logged with the request id the response carries.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return send(req, reply, err.status, err.key, err.detail, err.params);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const detail = err.validation
        .flatMap((v) => {
          const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
          const options = v.keyword === 'invalid_union' ? (v.params as { errors?: ZodIssueLike[][] }).errors : undefined;
          // A union of object shapes (not of plain values such as the contract's `num`, which says its own message).
          const ofShapes = options?.some((o) => o.some((i) => i.path.length > 0 || i.code === 'unrecognized_keys'));
          if (options && ofShapes) return unionDetail(where, options);
          return [where ? `${where}: ${v.message}` : String(v.message)];
        })
        .join('; ');
      return send(req, reply, 400, 'invalidParameters', detail);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its contract');
      return send(req, reply, 500, 'unexpected');
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return send(req, reply, known[0], known[1]);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(req, reply, err.statusCode, err.statusCode === 413 ? 'bodyTooLarge' : 'invalidParameters');
    }
    req.log.error({ err }, 'unexpected error');
    return send(req, reply, 500, 'unexpected');
  });
}

/** Unknown API calls answer the 404 envelope (the SPA fallback for other paths lives in app.ts). */
export function sendRouteNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(req, reply, 404, 'routeNotFound', `${req.method} ${req.url.split('?')[0]}`);
}
