import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ImageDomainConfig } from '../../config.js';
import type { BlobStorage } from '../../storage/blobStorage.js';

/**
 * Public image copies (docs/security.md#public-image-copies, docs/exports.md#image-urls): a
 * marketplace downloads the images of a listing file from the URL written in it, so each image an export
 * writes is published under an unguessable, stable name — an HMAC, with a key derived from the server key,
 * over the private blob and the watermark (id and version) — recorded in public_image and served at
 * /pub/<name><ext>. Nothing else of the seller's becomes public; an unknown name answers 404.
 */
export const PUBLIC_IMAGE_PREFIX = '/pub/';
/**
 * A day, not a year, and not `immutable`: a copy can be withdrawn (its export or product deleted, or the
 * seller asks), and a cache must let that take effect within a day; a marketplace fetches an image once.
 */
export const PUBLIC_COPY_CACHE = 'public, max-age=86400';
/** Base64url characters of the name: 192 bits, far beyond guessing. */
const NAME_LENGTH = 32;
const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };
const extOf = (key: string) => /\.(png|jpe?g|webp)$/i.exec(key)?.[0].toLowerCase() ?? '.jpg';

export interface ImageVariant {
  /** 0 = no watermark. */
  watermarkId: number;
  watermarkVersion: number;
}

/** The public name of a blob under a watermark (or none): the same inputs always give the same name. */
export function publicImageNamer(nameKeyHex: string) {
  const key = Buffer.from(nameKeyHex, 'hex');
  return (blob: string, v: ImageVariant): string =>
    createHmac('sha256', key).update(`${blob}\0${v.watermarkId}:${v.watermarkVersion}`).digest('base64url').slice(0, NAME_LENGTH) +
    extOf(blob);
}
export type PublicImageNamer = ReturnType<typeof publicImageNamer>;

/** The URL written into a file for a published name on an image domain. */
export const publicImageUrl = (domain: ImageDomainConfig, name: string) => `${domain.baseUrl}${PUBLIC_IMAGE_PREFIX}${name}`;

/**
 * GET /pub/<name>: a published copy, fetchable by anyone (a marketplace's crawler) from any origin
 * (Cross-Origin-Resource-Policy cross-origin on these answers only), cached for a day (PUBLIC_COPY_CACHE).
 * Anything not recorded, or withdrawn, answers the same 404 as a missing route.
 */
export function publicImageRoutes(
  app: FastifyInstance,
  deps: { exports: { publicImageBlob(name: string): Promise<string | undefined> }; storage: BlobStorage },
) {
  app.get<{ Params: { name: string } }>(`${PUBLIC_IMAGE_PREFIX}:name`, async (req, reply) => {
    const name = req.params.name;
    if (!/^[A-Za-z0-9_-]{32}\.(png|jpe?g|webp)$/.test(name)) return reply.callNotFound();
    const blob = await deps.exports.publicImageBlob(name);
    if (blob === undefined || !(await deps.storage.exists(blob))) return reply.callNotFound();
    return reply
      .type(TYPES[extOf(blob)] ?? 'application/octet-stream')
      .header('cache-control', PUBLIC_COPY_CACHE)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(deps.storage.stream(blob));
  });
}
