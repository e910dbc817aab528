import type { FastifyInstance, FastifyReply } from 'fastify';
import { routes, safeFileName } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import { signLink } from '../../http/signedLink.js';
import type { Signer } from '../../secrets/index.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { DownloadService } from './service.js';

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

/**
 * `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), so Chinese names survive. Control and
 * bidi-override characters become `_` (docs/security.md#names): a name stored before the rule cannot make a
 * download read as `…exe`.
 */
export const attachment = (unsafe: string) => {
  const name = safeFileName(unsafe);
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** What signs download links: the server's signer, how long a link works, the clock. */
export interface LinkSigning {
  signer: Signer;
  ttlMs: number;
  now: () => number;
}

/**
 * GET /api/finished/mutiDownload and /api/finished/materialDownload (docs/finished.md#dialogs, docs/api.md#downloads), and
 * POST /api/finished/downloadLink, which makes their short-lived signed addresses (docs/security.md#tokens).
 */
export function downloadRoutes(app: FastifyInstance, deps: { downloads: DownloadService; storage: BlobStorage; links: LinkSigning }) {
  const { downloads, storage, links } = deps;
  const sendZip = (reply: FastifyReply, files: Parameters<DownloadService['zip']>[0], name: string) =>
    reply
      .type('application/zip')
      .header('content-disposition', attachment(name))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(downloads.zip(files, (e) => reply.log.warn({ err: e }, 'zip stream failed')));

  registerRoute(app, routes.bulkDownload, async ({ caller, query, reply }) => {
    const files = await downloads.bulk(caller, query.ids);
    const day = new Date().toISOString().slice(0, 10);
    return sendZip(reply, files, `finished-images-${day}-${query.ids.length}.zip`);
  });

  registerRoute(app, routes.materialDownload, async ({ caller, query, reply }) => {
    const files = await downloads.materials(caller, query.id, query.type);
    if (files.length > 1) return sendZip(reply, files, `materials-${query.type}-${query.id}.zip`);
    const [file] = files;
    const ext = /\.[a-z0-9]+$/i.exec(file!.key)?.[0].toLowerCase() ?? '';
    return (
      reply
        .type(TYPES[ext] ?? 'application/octet-stream')
        .header('content-disposition', attachment(file!.name))
        .header('cache-control', 'no-store')
        // A file as uploaded may be anything after its image bytes (HTML, say): never sniffed, never inline.
        .header('x-content-type-options', 'nosniff')
        .send(storage.stream(file!.key))
    );
  });

  // The download is checked now (scope, images made, files there), so a refusal shows on the page
  // instead of in a window the seller opened; the link then works for this account only, briefly.
  registerRoute(app, routes.downloadLink, async ({ caller, body }) => {
    let target: Parameters<typeof signLink>[1];
    if (body.kind === 'bulk') {
      await downloads.bulk(caller, body.ids);
      target = { path: routes.bulkDownload.path, query: { ids: body.ids.join(',') } };
    } else {
      await downloads.materials(caller, body.id, body.type);
      target = { path: routes.materialDownload.path, query: { id: body.id, type: body.type } };
    }
    return signLink(links.signer, target, caller.id, links.ttlMs, links.now());
  });
}
