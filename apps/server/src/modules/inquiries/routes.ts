import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import type { AddressLimit } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { registerRoute } from '../../http/route.js';
import type { InquiryService } from './service.js';

/**
 * POST /api/inquiry/add (docs/mobile.md#inquiries): anyone may send one; a session, when there is one, names the
 * account. At most `limit` per client address (@fastify/rate-limit, counted before the body is read, as logins are),
 * refused with a message saying the limit and when to try again.
 */
export function inquiryRoutes(app: FastifyInstance, deps: { inquiries: InquiryService; limit: AddressLimit }) {
  const { inquiries, limit } = deps;
  registerRoute(
    app,
    routes.inquiryAdd,
    async ({ body, caller, req }) => {
      const { id } = await inquiries.add(body, { accountId: caller?.id, address: req.ip });
      return { id };
    },
    {
      config: {
        rateLimit: {
          max: limit.max,
          timeWindow: limit.windowMs,
          errorResponseBuilder: (_req, ctx) =>
            new AppError(ctx.statusCode, 'inquiryTooMany', { max: ctx.max, seconds: Math.ceil(ctx.ttl / 1000) }),
        },
      },
    },
  );
}
