import type { FastifyInstance } from 'fastify';
import type { MaterialService } from './service.js';

/** /api/my_source/* (issue 3, SPEC §7.7). */
export function materialRoutes(app: FastifyInstance, deps: { materials: MaterialService }) {
  void app;
  void deps;
}
