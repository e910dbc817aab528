import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FAIL, message, REQUEST_ID_HEADER, type ErrorEnvelope, type MessageKey } from '@app/contract';
import { AppError } from './errors.js';
import { langOf } from './lang.js';
import { validationDetail } from './validationText.js';

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
  // The router's own (`frameworkErrors`): a broken %-escape in the path, a path parameter over
  // maxParamLength (such as a /thumbs height of 200 digits).
  FST_ERR_BAD_URL: [400, 'badUrl'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'urlTooLong'],
};

/** The part of the request a validation error is about (Fastify's `validationContext`). */
function partOf(req: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return req.body;
  if (context === 'querystring') return req.query;
  if (context === 'params') return req.params;
  return context === 'headers' ? req.headers : undefined;
}

/**
 * Every failure leaves as the envelope {code, msg, data: null, request_id}; nothing of a stack trace
 * reaches the client. Unexpected errors are logged with the request id the response carries.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // A throttled seller's client is told when to come back, in the header as in the message.
      if (err.status === 429 && typeof err.params.seconds === 'number') reply.header('retry-after', String(err.params.seconds));
      return send(req, reply, err.status, err.key, err.detail, err.params);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Fastify's validation items carry zod's issues: the kind as `keyword`, the rest of the issue as `params`.
      const issues = err.validation.map((v) => ({
        ...(v.params as Record<string, unknown>),
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        message: String(v.message),
      }));
      const lang = langOf(req.headers['accept-language']);
      return send(req, reply, 400, 'invalidParameters', validationDetail(issues, partOf(req, err.validationContext), lang));
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

/**
 * Unknown API calls and missing files answer the 404 envelope (the SPA fallback for other paths lives
 * in app.ts).
 */
export function sendRouteNotFound(req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?')[0] ?? '';
  return send(req, reply, 404, path.startsWith('/api/') ? 'routeNotFound' : 'fileNotFound', `${req.method} ${path}`);
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route (and so before the error handler
 * and every hook) runs, as the envelope, with the security headers every answer carries (`headers`:
 * securityHeaders.ts refusalHeaders; docs/security.md#headers).
 */
export const frameworkErrors = (headers: Record<string, string>) => (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
  reply.headers(headers);
  const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
  reply.header(REQUEST_ID_HEADER, req.id);
  if (known) return send(req, reply, known[0], known[1]);
  req.log.error({ err }, 'unexpected router error');
  return send(req, reply, 500, 'unexpected');
};

/**
 * Node reads the request line and the headers within one limit, maxHeaderSize (16 KiB): an address up to about
 * that is read (the export calls carry thousands of ids in theirs; docs/api.md#export-and-shops). When the
 * bytes Node could not fit start with a request line that alone is over this, or has not ended, it is the
 * address that is too long (414), else the headers (431) (docs/security.md#every-answer-is-the-envelope).
 */
const URL_MAX_BYTES = 8192;

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request at all
 * (headers over maxHeaderSize, a request line too long to read, a malformed request, a request not
 * finished in time), answered on the socket as the envelope, then the connection closed. Without
 * parsed headers the language is guessed from the raw bytes (Chinese unless they ask for English).
 */
export const clientErrorHandler = (log: FastifyBaseLogger, headers: Record<string, string>) => {
  // The security headers every answer carries (docs/security.md#headers), written once.
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (err: ConnectionError, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    // Node gives the bytes it was reading as a Buffer (Fastify's type says otherwise).
    const packet: unknown = err.rawPacket;
    const raw = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
    let status = 400;
    let key: MessageKey = 'badRequest';
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') [status, key] = [408, 'requestTimeout'];
    else if (err.code === 'HPE_HEADER_OVERFLOW') {
      // The request line counts towards the same limit as the headers: when the bytes read start with a
      // request line that alone is over 8 KiB (or has not ended), it is the address that is too long.
      const lineEnd = raw.indexOf('\r\n');
      const longLine = /^[A-Z]+ \S/.test(raw) && (lineEnd === -1 || lineEnd > URL_MAX_BYTES);
      [status, key] = longLine ? [414, 'urlTooLong'] : [431, 'headersTooLarge'];
    }
    const requestId = randomUUID();
    log.info({ err: { code: err.code, message: err.message }, request_id: requestId, status }, 'client error');
    const lang = /\r\naccept-language:[ \t]*en/i.test(raw) ? 'en' : 'zh';
    const body: ErrorEnvelope = { code: FAIL, msg: message(key, lang), data: null, request_id: requestId };
    const text = JSON.stringify(body);
    if (!socket.writable) return void socket.destroy();
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        headerLines +
        `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        text,
    );
  };
};
