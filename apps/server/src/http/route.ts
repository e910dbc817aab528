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

/** JSON text made elsewhere (by the database), written into a trusted response as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with each JsonText written as its own text. */
function stringifyTrusted(data: unknown): string {
  const texts: string[] = [];
  const out = JSON.stringify(data, (_key, value: unknown) =>
    value instanceof JsonText ? `\u0000json${texts.push(value.text) - 1}` : value,
  );
  return texts.length === 0 ? out : out.replace(/"\\u0000json(\d+)"/g, (_m, i: string) => texts[Number(i)]!);
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
    // A hot list answers data its own code shaped from the database: documented by its schema, written
    // without re-validating every row (a 200-row page would spend most of its time there).
    ...(def.trustedResponse ? { serializerCompiler: () => stringifyTrusted } : {}),
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
      return { code: OK, msg: message('ok', lang), data: data ?? null };
    },
  });
}
