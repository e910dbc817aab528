import type { FastifyInstance } from 'fastify';
import type { CatalogueService } from './service.js';

/** GET /api/product/* (issue 3). */
export function catalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueService }) {
  void app;
  void deps;
}
