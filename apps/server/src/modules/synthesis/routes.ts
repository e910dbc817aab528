import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { SynthesisService } from './service.js';

/** Synthesis into finished products, re-saving, regenerating and layer records (docs/api.md#finished-products). */
export function synthesisRoutes(app: FastifyInstance, deps: { synthesis: SynthesisService }) {
  const { synthesis } = deps;
  registerRoute(app, routes.synthesisCreate, ({ caller, body }) => synthesis.create(caller, body));
  registerRoute(app, routes.regenerate, ({ caller, body }) => synthesis.regenerate(caller, body));
  registerRoute(app, routes.designResave, ({ caller, body }) => synthesis.designResave(caller, body));
  registerRoute(app, routes.designLayerlog, ({ caller, body }) => synthesis.designLayerlog(caller, body.key_id));
}
