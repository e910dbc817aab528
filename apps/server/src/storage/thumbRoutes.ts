import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { THUMB_HEIGHTS, THUMBS_PATH } from '@app/contract';
import { makeThumbnail } from '../images/thumbnail.js';
import type { BlobStorage } from './blobStorage.js';
import { AppError } from '../http/errors.js';
import { blobRule, mayRead, PRIVATE_CACHE, PUBLIC_CACHE, type FileScopes } from './blobAccess.js';

/**
 * Every "no such thumbnail" answer of /thumbs, whatever the reason (bad height, name, missing file, a file
 * outside the caller's scope): the one 404 envelope, so none of them tells the others apart.
 */
const noSuchFile = () => new AppError(404, 'fileNotFound');

/**
 * Resized copies of stored images (`/thumbs/h/<height>/<key>`; contract `thumbUrl`), made once and
 * kept beside the originals, so a list of 200 rows does not send 200 full-size mockups. A thumbnail is
 * readable by whoever may read its source (blobAccess.ts).
 */
export function thumbRoutes(app: FastifyInstance, deps: { storage: BlobStorage; scopeOf: FileScopes }) {
  const { storage, scopeOf } = deps;
  // One resize per thumbnail, however many requests ask for it at once: concurrent fetches of a key
  // share one making; a failed making is not kept, so the next request tries again.
  const made = new LRUCache<string, true, { key: string; height: number }>({
    max: 1000,
    fetchMethod: async (thumbKey, _stale, { context: { key, height } }) => {
      const out = await makeThumbnail(await storage.get(key), { height, enlarge: true, encoding: { format: 'webp', quality: 82 } });
      await storage.put(thumbKey, out);
      return true as const;
    },
  });

  app.get<{ Params: { height: string; '*': string } }>(`${THUMBS_PATH}:height/*`, async (req, reply) => {
    const height = Number(req.params.height);
    let key: string;
    try {
      key = decodeURIComponent(req.params['*']);
    } catch {
      throw noSuchFile();
    }
    const rule = blobRule(key);
    if (!(THUMB_HEIGHTS as readonly number[]).includes(height) || !/\.(png|jpe?g|webp)$/i.test(key) || rule === 'never') throw noSuchFile();
    // Refused before the file is looked at: another owner's file and a missing one answer alike.
    if (rule !== 'public' && !mayRead(rule, await scopeOf(req))) throw noSuchFile();
    const thumbKey = `resized/h${height}/${key}.webp`;
    try {
      if (!(await storage.exists(thumbKey))) {
        if (!(await storage.exists(key))) throw noSuchFile();
        await made.fetch(thumbKey, { context: { key, height } });
      }
    } catch {
      throw noSuchFile();
    }
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', rule === 'public' ? PUBLIC_CACHE : PRIVATE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .send(storage.stream(thumbKey));
  });
}
