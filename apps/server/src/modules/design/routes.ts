import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { DesignService } from './service.js';

/** POST /api/design/compose, GET /api/design/cutpiece, POST /api/design/mockupPreview (docs/api.md#editor). */
export function designRoutes(app: FastifyInstance, deps: { design: DesignService }) {
  const { design } = deps;
  registerRoute(app, routes.compose, ({ caller, body }) => design.compose(caller, body));
  registerRoute(app, routes.cutpiece, async ({ caller, query, reply }) =>
    reply
      .type('image/svg+xml; charset=utf-8')
      // Served from our origin: whatever an imported SVG holds, it may not run script or load from elsewhere.
      .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
      .header('cache-control', 'private, max-age=300')
      .send(await design.cutpiece(caller, query)),
  );
  registerRoute(app, routes.mockupPreview, ({ caller, body }) => design.mockupPreview(caller, body));
}
