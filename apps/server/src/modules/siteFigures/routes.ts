import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { SiteFiguresService } from './service.js';

/** GET /api/site/figures (docs/mobile.md#site-figures): the advantage page's figures, readable logged out. */
export function siteFigureRoutes(app: FastifyInstance, deps: { siteFigures: SiteFiguresService }) {
  const { siteFigures } = deps;
  registerRoute(app, routes.siteFigures, () => siteFigures.figures());
}
