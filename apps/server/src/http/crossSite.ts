import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST another site's server makes, proved by its own signature instead of a session (the payment
     * provider's notify, docs/orders.md#recharging): no seller's cookie is read, so the cross-site check does not apply.
     */
    signedByProvider?: boolean;
  }
}

/**
 * Whether a request was sent by a page of another site (docs/security.md#csrf). Browsers say so in
 * Sec-Fetch-Site (every current one) and Origin (every cross-origin POST): `same-origin` and `none` (the
 * seller's own action) pass, `same-site` and `cross-site` do not — the app is one origin and a
 * neighbouring subdomain is not it. Without Sec-Fetch-Site, Origin must name this host. A request with
 * neither comes from no browser page (curl, an API client, the mobile shell's native code): nothing of
 * a seller's cookie is being borrowed, so it passes.
 */
export function isCrossSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site) return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || !origin) return false;
  try {
    // req.host follows X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY).
    return new URL(origin).host !== req.host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or garbage: not this site.
  }
}

/**
 * Refuses every state-changing request sent from another site with 403, before anything else reads it; routes
 * declared `signedByProvider` (authenticated by a signature in the body, never by a cookie) excepted.
 */
export function installCrossSiteCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config.signedByProvider) return;
    if (STATE_CHANGING.has(req.method) && isCrossSite(req)) throw new AppError(403, 'crossSiteRefused');
  });
}
