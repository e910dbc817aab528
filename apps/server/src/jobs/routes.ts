import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../http/route.js';
import type { JobService } from './service.js';

/** GET /api/synthesis/getStatus: any job's status, progress and result (a path of ours; docs/domain.md#jobs). */
export function jobRoutes(app: FastifyInstance, deps: { jobs: JobService }) {
  registerRoute(app, routes.jobStatus, ({ caller, query, lang }) => deps.jobs.status(caller, query, lang));
}
