import type { FastifyRequest } from 'fastify';

/** Query parameters that grant access and so never reach a log line: a session token, a link signature. */
const SECRET_PARAMS = /([?&](?:token|sig)=)[^&#]*/gi;

/** The address with the values of secret parameters replaced (docs/security.md#tokens). */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

/** pino's `req` serializer: Fastify's default fields, the address redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
