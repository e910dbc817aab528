import { finished, Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, errorEnvelope, message, OK, type Lang, type ParsedBodyOf, type ParsedQueryOf, type RouteDef } from '@app/contract';
import { langOf } from './lang.js';
import { authenticate, type Caller } from './auth.js';
import { isCrossSite } from './crossSite.js';
import { AppError } from './errors.js';

export interface HandlerContext<D extends RouteDef> {
  req: FastifyRequest;
  reply: FastifyReply;
  query: ParsedQueryOf<D>;
  body: ParsedBodyOf<D>;
  lang: Lang;
  /** The logged-in caller; present on every route declared with `auth: true`. */
  caller: D['auth'] extends true ? Caller : Caller | undefined;
}

/** A handler returns the call's `data`, or (a hot list) the whole body made elsewhere. */
export type Handler<D extends RouteDef> = (
  ctx: HandlerContext<D>,
) => Promise<z.input<D['data']> | PreparedBody> | z.input<D['data']> | PreparedBody;

/** JSON made elsewhere (by the database) as UTF-8 bytes, written into a trusted response as they are. */
export class JsonBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/**
 * A whole response body made elsewhere (a list-reading thread, in memory shared with it), sent as it is
 * with no copy; `release` is called once the response is done with the memory.
 */
export class PreparedBody {
  /** Gives the memory back; only the first call counts, so no path can give it back twice. */
  readonly release: () => void;
  constructor(
    readonly bytes: Uint8Array,
    release: () => void,
  ) {
    let released = false;
    this.release = () => {
      if (released) return;
      released = true;
      release();
    };
  }
}

/** The success envelope of every call (docs/api.md#the-envelope: {code, msg, data}). */
export const okEnvelope = (data: unknown, lang: Lang) => ({ code: OK, msg: message('ok', lang), data: data ?? null });

/** A trusted body's pieces in order: JSON.stringify's text, with each JsonBytes as its bytes. */
function trustedParts(data: unknown): Uint8Array[] {
  const parts: Uint8Array[] = [];
  const text = JSON.stringify(data, (_key, value: unknown) =>
    value instanceof JsonBytes ? `\u0000json${parts.push(value.bytes) - 1}` : value,
  );
  if (parts.length === 0) return [Buffer.from(text)];
  const out: Uint8Array[] = [];
  let last = 0;
  for (const m of text.matchAll(/"\\u0000json(\d+)"/g)) {
    out.push(Buffer.from(text.slice(last, m.index)), parts[Number(m[1])]!);
    last = m.index + m[0].length;
  }
  out.push(Buffer.from(text.slice(last)));
  return out;
}

/**
 * A trusted response's body: JSON.stringify, with each JsonBytes written as its bytes (no string is made
 * of them, and the bytes need no encoding on the way out).
 */
const trustedPayload = (data: unknown): Buffer => Buffer.concat(trustedParts(data));

/** Writes a trusted body into `out`: its length, or undefined when it does not fit. */
export function writeTrusted(data: unknown, out: Uint8Array): number | undefined {
  let at = 0;
  for (const part of trustedParts(data)) {
    if (at + part.length > out.length) return undefined;
    out.set(part, at);
    at += part.length;
  }
  return at;
}

const failureResponses = Object.fromEntries([400, 401, 403, 404, 409, 413, 422, 429, 500, 503].map((s) => [s, errorEnvelope]));

/** The caller of each authenticated request, found in its onRequest hook. */
const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * Aborted when the client closes the connection before its answer is complete (a closed tab, a client that
 * stopped waiting): work queued for it can be dropped (the finished list's reading threads, listReader.ts).
 */
export function sellerGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  const res = reply.raw;
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

/**
 * Registers one contract route: validation and the OpenAPI entry come from its declaration, the
 * handler returns `data` and is wrapped in the success envelope here, once. A route with `auth`
 * authenticates in onRequest, before its body is read or validated (a stranger gets 401, never field
 * details). `options.config` is the route's Fastify config (e.g. `rateLimit`).
 */
export function registerRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: Handler<D>,
  options: { config?: FastifyContextConfig } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    ...(options.config ? { config: options.config } : {}),
    ...(def.auth || def.optionalAuth || def.changesState
      ? {
          onRequest: async (req: FastifyRequest) => {
            // Before anything else reads the request, as the app-wide check does for POSTs (http/crossSite.ts).
            if (def.changesState && isCrossSite(req)) throw new AppError(403, 'crossSiteRefused');
            if (def.auth) callers.set(req, await authenticate(req, { signedLink: def.signedLink ?? false }));
            else if (def.optionalAuth) {
              // A visitor's page: a session that has ended reads it as a visitor, never a 401.
              const caller = await authenticate(req, { signedLink: false }).catch(() => undefined);
              if (caller) callers.set(req, caller);
            }
          },
        }
      : {}),
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.auth ? { security: [{ cookieToken: [] }, { headerToken: [] }] } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: envelope(def.data), ...failureResponses },
    },
    handler: async (req, reply) => {
      const lang = langOf(req.headers['accept-language']);
      const caller = callers.get(req);
      const data = await handler({
        req,
        reply,
        query: req.query as ParsedQueryOf<D>,
        body: req.body as ParsedBodyOf<D>,
        lang,
        caller: caller as HandlerContext<D>['caller'],
      });
      // The handler answered itself (a download's stream: its returned reply settles when the answer ends,
      // also when the client closed it early), or the client has gone: there is nothing more to send, and a
      // second answer would be an error of our own (docs/security.md#downloads).
      if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) {
        if (data instanceof PreparedBody) data.release();
        return undefined;
      }
      const type = 'application/json; charset=utf-8';
      if (data instanceof PreparedBody) {
        // Once the response is done with the bytes: sent, or the seller gone (even before this line: a
        // request the browser cancelled while its page was being read).
        finished(reply.raw, data.release);
        // A stream of the one view: Fastify sends only buffers of unshared memory as they are.
        const view = Buffer.from(data.bytes.buffer, data.bytes.byteOffset, data.bytes.byteLength);
        return reply
          .type(type)
          .header('content-length', view.length)
          .send(Readable.from([view], { objectMode: false }) as never);
      }
      const body = okEnvelope(data, lang);
      // A hot list answers data its own code shaped from the database: documented by its schema, written
      // without re-validating every row (a 200-row page would spend most of its time there).
      // (The bytes are that body: Fastify sends a Buffer as it is.)
      if (def.trustedResponse) return reply.type(type).send(trustedPayload(body) as never);
      return body;
    },
  });
}
