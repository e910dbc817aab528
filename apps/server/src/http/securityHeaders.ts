import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of every answer (docs/security.md#headers): exactly what the web app
 * loads, all from its own origin. A route that serves something else (the cutpiece SVG) sets its own.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  // The built app's own bundles only: no inline script, no eval, no inline event handlers.
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Ant Design's CSS-in-JS writes <style> elements at run time (and its transitions set style
  // attributes): a nonce would have to reach every such writer, so styles may be inline; scripts may not.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Pictures from /files, /thumbs and the cutpiece call; data: for Ant Design's image fallback and
  // canvas snapshots; blob: for Ant Design Upload's preview of a picture being uploaded.
  imgSrc: ["'self'", 'data:', 'blob:'],
  // The editor's FontFace('…', 'url(/fonts/…)') and nothing from elsewhere.
  fontSrc: ["'self'"],
  // fetch() to /api only.
  connectSrc: ["'self'"],
  // The finished screen's re-design popup is an iframe of /design.
  frameSrc: ["'self'"],
  // …so pages may be framed by the app itself, by nobody else (X-Frame-Options: SAMEORIGIN says the same
  // to older browsers).
  frameAncestors: ["'self'"],
  workerSrc: ["'self'"],
  // The editor's full-size cutpiece preview embeds the cutpiece SVG (/api/design/cutpiece, which sets a
  // CSP of its own) with <object>; no plugin content from anywhere else.
  objectSrc: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Security headers on every answer (docs/security.md#headers): the CSP above, nosniff, SAMEORIGIN framing, a
 * Referrer-Policy that keeps addresses (which carry ids) on our origin, and cross-origin isolation of windows
 * and resources. HSTS and upgrade-insecure-requests only behind HTTPS (`COOKIE_SECURE`): on plain HTTP they
 * would send the browser to a port nobody answers.
 */
function helmetOptions(opts: { https: boolean }) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, ...(opts.https ? { upgradeInsecureRequests: [] } : {}) },
    },
    // 'no-referrer' would also make Chrome send `Origin: null` on the app's own POSTs, which the
    // same-origin checks of state-changing calls read; 'same-origin' keeps the full address at home
    // and sends nothing elsewhere.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000 } : false,
  } satisfies HelmetOptions;
}

/** The headers on every answer that passes the router, through @fastify/helmet's hooks, registered before any route. */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  await app.register(fastifyHelmet, { global: true, ...helmetOptions(opts) });
}

/**
 * The same headers, plus `no-store`, as names and values: for the answers no hook sees — what the router
 * refuses before any route (a broken %-escape, an over-long path parameter) and what Node's HTTP parser
 * refuses before there is a request (errorHandler.ts frameworkErrors, clientErrorHandler).
 */
export function refusalHeaders(opts: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  // helmet's middleware only sets and removes headers, synchronously: collect what it would set.
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(opts))({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return { ...headers, 'cache-control': 'no-store' };
}

/**
 * API answers are the seller's own data: never stored by the browser or a proxy. A call that chose its
 * own caching (the cutpiece image: `private`, five minutes) keeps it; /files, /thumbs, /fonts and the
 * built assets are not under /api and keep theirs.
 */
export function noStoreApi(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
