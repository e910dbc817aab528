import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { fontPaths } from '@app/design/node';
import { sendRouteNotFound } from '../http/errorHandler.js';

/**
 * GET /fonts/<file>: the editor's font files, the very files the server renders with, so the browser's
 * previews use the same glyphs (docs/editor.md#text). Named by version-pinned npm files: cached for a year.
 */
export function fontRoutes(app: FastifyInstance) {
  const byFile = new Map(fontPaths().map((f) => [f.file, f.path]));
  app.get('/fonts/:file', (req, reply) => {
    const file = byFile.get((req.params as { file: string }).file);
    if (!file) return sendRouteNotFound(req, reply);
    return reply
      .type('font/ttf')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .send(fs.createReadStream(file));
  });
}
