import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { BadField, orderRequestOf, sameRequest, type OrderStatus } from './order.js';
import { FactoryState, SPEEDS, WEBHOOK_TYPES, type WebhookType } from './state.js';

export interface FactoryOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** 'default': about a minute from order to delivery; 'fast': a few hundred ms, for tests. */
  speed?: 'default' | 'fast';
  /** Delays between webhook delivery attempts (ms); default by speed. */
  webhookRetryDelaysMs?: number[];
  /** Time and size limits when fetching an order's files; default 15 s and 50 MB. */
  fileTimeoutMs?: number;
  fileMaxBytes?: number;
  /** API keys known from the start (`npm run sandbox` registers FACTORY_API_KEY); more by POST /sandbox/api-keys. */
  apiKeys?: string[];
}

export interface Factory {
  url: string;
  port: number;
  close(): Promise<void>;
  /** What POST /sandbox/api-keys does. */
  createApiKey(): string;
}

/** Printful's error envelope: the HTTP code, a result text and {reason, message}. */
function refuse(reply: FastifyReply, code: number, reason: string, message: string) {
  return reply.code(code).send({ code, result: message, error: { reason, message } });
}
const ok = (result: unknown) => ({ code: 200, result });

/**
 * The print factory's sandbox: an order API in the manner of Printful's (docs/fulfilment.md#sandbox), in
 * memory, that fetches and checks an order's print files itself and moves the order through production,
 * shipping and delivery at the chosen speed, telling a signed webhook of every change.
 */
export async function startFactory(opts: FactoryOptions = {}): Promise<Factory> {
  const speed = SPEEDS[opts.speed ?? 'default'];
  const state = new FactoryState(speed.pace, opts.webhookRetryDelaysMs ?? speed.retries, {
    timeoutMs: opts.fileTimeoutMs ?? 15_000,
    maxBytes: opts.fileMaxBytes ?? 50 * 1024 * 1024,
  });
  for (const key of opts.apiKeys ?? []) state.createApiKey(key);
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) =>
    refuse(reply, err.statusCode && err.statusCode < 500 ? err.statusCode : 500, 'BadRequest', err.message),
  );
  app.setNotFoundHandler((_req, reply) => refuse(reply, 404, 'NotFound', 'No such endpoint'));

  const accountOf = (req: FastifyRequest, reply: FastifyReply) => {
    const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const acc = key ? state.account(key) : undefined;
    if (!acc) void refuse(reply, 401, 'Unauthorized', 'Missing or unknown API key');
    return acc;
  };

  app.post('/v1/orders', async (req, reply) => {
    const acc = accountOf(req, reply);
    if (!acc) return reply;
    let body;
    try {
      body = orderRequestOf(req.body);
    } catch (e) {
      if (e instanceof BadField) return refuse(reply, 400, 'BadRequest', e.message);
      throw e;
    }
    const known = acc.byExternalId.get(body.external_id);
    if (known && !sameRequest(known, body))
      return refuse(reply, 409, 'Conflict', `An order with external_id ${body.external_id} exists with other contents`);
    return ok(known ?? state.create(acc, body));
  });

  app.get<{ Params: { ref: string } }>('/v1/orders/:ref', async (req, reply) => {
    const acc = accountOf(req, reply);
    if (!acc) return reply;
    const order = state.find(acc, req.params.ref);
    return order ? ok(order) : refuse(reply, 404, 'NotFound', 'Order not found');
  });

  app.delete<{ Params: { ref: string } }>('/v1/orders/:ref', async (req, reply) => {
    const acc = accountOf(req, reply);
    if (!acc) return reply;
    const order = state.find(acc, req.params.ref);
    if (!order) return refuse(reply, 404, 'NotFound', 'Order not found');
    if (order.status === 'canceled') return ok(order);
    if (order.status !== 'pending') return refuse(reply, 409, 'Conflict', `An order that is ${order.status} cannot be canceled`);
    state.move(acc, order, 'canceled');
    return ok(order);
  });

  app.post('/v1/webhooks', async (req, reply) => {
    const acc = accountOf(req, reply);
    if (!acc) return reply;
    const b = (req.body ?? {}) as { url?: unknown; types?: unknown };
    if (typeof b.url !== 'string' || !URL.canParse(b.url) || !/^https?:$/.test(new URL(b.url).protocol))
      return refuse(reply, 400, 'BadRequest', 'url must be an http(s) URL');
    const types = b.types ?? WEBHOOK_TYPES;
    if (!Array.isArray(types) || types.length === 0 || !types.every((t) => WEBHOOK_TYPES.includes(t as WebhookType)))
      return refuse(reply, 400, 'BadRequest', `types must list some of ${WEBHOOK_TYPES.join(', ')}`);
    return ok(state.setWebhook(acc, b.url, types as WebhookType[]));
  });

  // Control calls: nothing a real factory has (docs/fulfilment.md#control-calls).
  app.post('/sandbox/api-keys', async () => ok({ api_key: state.createApiKey() }));
  app.post('/sandbox/webhooks/fail', async (req, reply) => {
    const acc = accountOf(req, reply);
    if (!acc) return reply;
    const count = (req.body as { count?: unknown } | undefined)?.count;
    if (!Number.isInteger(count) || (count as number) < 0) return refuse(reply, 400, 'BadRequest', 'count must be a whole number');
    acc.failNext = count as number;
    return ok({ fail_next: acc.failNext });
  });
  app.post<{ Params: { ref: string } }>('/sandbox/orders/:ref/status', async (req, reply) => {
    const acc = accountOf(req, reply);
    if (!acc) return reply;
    const order = state.find(acc, req.params.ref);
    if (!order) return refuse(reply, 404, 'NotFound', 'Order not found');
    const status = (req.body as { status?: OrderStatus } | undefined)?.status;
    if (!status || !['pending', 'inprocess', 'shipped', 'fulfilled', 'failed', 'canceled'].includes(status))
      return refuse(reply, 400, 'BadRequest', 'status must be pending, inprocess, shipped, fulfilled, failed or canceled');
    state.move(acc, order, status);
    return ok(order);
  });

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown}:${port}`,
    port,
    close: async () => {
      state.close();
      await app.close();
    },
    createApiKey: () => state.createApiKey(),
  };
}
