import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { blobRule, mayRead, PRIVATE_CACHE, PUBLIC_CACHE, type FileScopes } from './blobAccess.js';
import { FILES_URL_PREFIX } from './localStorage.js';

const isPublic = new WeakMap<FastifyRequest, boolean>();

/**
 * GET /files/<key>: stored files by URL, within the caller's scope (blobAccess.ts). A file the caller may
 * not read answers exactly as a missing one (the same not-found path, no header of a found file), so a
 * request cannot tell "someone else's" from "nobody's".
 */
export async function fileRoutes(app: FastifyInstance, deps: { root: string; scopeOf: FileScopes }) {
  await app.register(async (files) => {
    files.addHook('onRequest', async (req: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
      const rule = blobRule(req.params['*'] ?? '');
      // The session is looked up only for a file that has an owner or needs a login.
      if (rule !== 'public' && !mayRead(rule, rule === 'never' ? undefined : await deps.scopeOf(req))) {
        reply.callNotFound();
        return reply;
      }
      isPublic.set(req, rule === 'public');
    });
    await files.register(fastifyStatic, {
      root: deps.root,
      prefix: FILES_URL_PREFIX,
      decorateReply: false,
      index: false,
      // Set below, on a found file only: blob keys are never rewritten with other content (blobStorage.ts).
      cacheControl: false,
      setHeaders(reply: FastifyReply) {
        reply.header('cache-control', isPublic.get(reply.request) ? PUBLIC_CACHE : PRIVATE_CACHE);
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  });
}
