import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { THUMB_HEIGHTS, THUMBS_PATH } from '@app/contract';
import type { BlobStorage } from './blobStorage.js';

/**
 * Resized copies of stored images (`/thumbs/h/<height>/<key>`; contract `thumbUrl`), made once and
 * kept beside the originals, so a list of 200 rows does not send 200 full-size mockups.
 */
export function thumbRoutes(app: FastifyInstance, deps: { storage: BlobStorage }) {
  const { storage } = deps;
  const making = new Map<string, Promise<void>>();

  app.get<{ Params: { height: string; '*': string } }>(`${THUMBS_PATH}:height/*`, async (req, reply) => {
    const height = Number(req.params.height);
    let key: string;
    try {
      key = decodeURIComponent(req.params['*']);
    } catch {
      return reply.code(404).send();
    }
    if (!(THUMB_HEIGHTS as readonly number[]).includes(height) || !/\.(png|jpe?g|webp)$/i.test(key) || key.startsWith('resized/'))
      return reply.code(404).send();
    const thumbKey = `resized/h${height}/${key}.webp`;
    try {
      if (!(await storage.exists(thumbKey))) {
        if (!(await storage.exists(key))) return reply.code(404).send();
        // One resize per thumbnail, however many requests ask for it at once.
        let job = making.get(thumbKey);
        if (!job) {
          job = (async () => {
            const out = await sharp(await storage.get(key))
              .resize({ height, withoutEnlargement: false })
              .webp({ quality: 82 })
              .toBuffer();
            await storage.put(thumbKey, out);
          })().finally(() => making.delete(thumbKey));
          making.set(thumbKey, job);
        }
        await job;
      }
    } catch {
      return reply.code(404).send();
    }
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(storage.stream(thumbKey));
  });
}
