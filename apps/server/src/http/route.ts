import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, errorEnvelope, message, OK, type Lang, type RouteDef } from '@app/contract';
import { langOf } from './lang.js';
import { authenticate, type Caller } from './auth.js';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<D extends RouteDef> {
  req: FastifyRequest;
  reply: FastifyReply;
  query: Out<D['query']>;
  body: Out<D['body']>;
  lang: Lang;
  /** The logged-in caller; present on every route declared with `auth: true`. */
  caller: D['auth'] extends true ? Caller : Caller | undefined;
}

export type Handler<D extends RouteDef> = (ctx: HandlerContext<D>) => Promise<z.input<D['data']>> | z.input<D['data']>;

/** JSON made elsewhere (by the database) as UTF-8 bytes, written into a trusted response as they are. */
export class JsonBytes {
  constructor(readonly bytes: Uint8Array) {}
}

/**
 * A trusted response's body: JSON.stringify, with each JsonBytes written as its bytes (no string is made
 * of them, and the bytes need no encoding on the way out).
 */
function trustedPayload(data: unknown): Buffer {
  const parts: Uint8Array[] = [];
  const text = JSON.stringify(data, (_key, value: unknown) =>
    value instanceof JsonBytes ? `\u0000json${parts.push(value.bytes) - 1}` : value,
  );
  if (parts.length === 0) return Buffer.from(text);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const m of text.matchAll(/"\\u0000json(\d+)"/g)) {
    out.push(Buffer.from(text.slice(last, m.index)), parts[Number(m[1])]!);
    last = m.index + m[0].length;
  }
  out.push(Buffer.from(text.slice(last)));
  return Buffer.concat(out);
}

const failureResponses = Object.fromEntries([400, 401, 403, 404, 409, 413, 422, 429, 500, 503].map((s) => [s, errorEnvelope]));

/**
 * Registers one contract route: validation and the OpenAPI entry come from its declaration, the
 * handler returns `data` and is wrapped in the success envelope here, once.
 */
export function registerRoute<D extends RouteDef>(app: FastifyInstance, def: D, handler: Handler<D>) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
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
      const caller = def.auth ? await authenticate(req, { queryToken: def.queryToken ?? false }) : undefined;
      const data = await handler({
        req,
        reply,
        query: req.query as Out<D['query']>,
        body: req.body as Out<D['body']>,
        lang,
        caller: caller as HandlerContext<D>['caller'],
      });
      if (reply.sent) return reply;
      const body = { code: OK, msg: message('ok', lang), data: data ?? null };
      // A hot list answers data its own code shaped from the database: documented by its schema, written
      // without re-validating every row (a 200-row page would spend most of its time there).
      // (The bytes are that body: Fastify sends a Buffer as it is.)
      if (def.trustedResponse) return reply.type('application/json; charset=utf-8').send(trustedPayload(body) as unknown as typeof body);
      return body;
    },
  });
}
