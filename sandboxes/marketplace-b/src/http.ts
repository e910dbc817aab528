import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from './codes.js';
import { Refusal } from './create.js';
import type { Image } from './state.js';

/** The Partner API's answer envelope (docs/marketplace-b.md). */
export const ok = (data: unknown) => ({ code: 0, message: 'Success', request_id: randomUUID(), data });

/** A refusal answered in the envelope, with its HTTP status; anything else as a bad request or a server error. */
export function answerRefusals(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, _req, reply) => {
    if (err instanceof Refusal) {
      return reply
        .code(err.status)
        .headers(err.headers)
        .send({ code: err.code, message: err.message, request_id: randomUUID(), data: null });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    const message = err instanceof Error ? err.message : 'error';
    return reply
      .code(status >= 500 ? 500 : 400)
      .send({ code: status >= 500 ? 1 : CODES.badRequest, message, request_id: randomUUID(), data: null });
  });
}

/** The raw body (the signature covers it) and its parse; a malformed body is a marker, refused after the sign check. */
export const jsonBody = (req: FastifyRequest): { raw: Buffer | null; body: unknown } => {
  const raw = Buffer.isBuffer(req.body) ? req.body : null;
  if (!raw || raw.length === 0) return { raw, body: {} };
  try {
    return { raw, body: JSON.parse(raw.toString('utf8')) };
  } catch {
    // Signed first: an unsigned garbage body is a bad sign, not a bad body.
    return { raw, body: Symbol.for('malformed') };
  }
};

export const needObject = (body: unknown) => {
  if (typeof body === 'symbol') throw new Refusal(400, CODES.badRequest, 'The body is not valid JSON');
};

export const origin = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;
export const imageUrl = (req: FastifyRequest, image: Image) => `${origin(req)}/sandbox/images/${image.name}`;
