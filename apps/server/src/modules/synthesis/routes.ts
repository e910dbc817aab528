import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import { AppError } from '../../http/errors.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import { blobKeyOfUrl } from '../../compose/blobUrls.js';
import type { SynthesisService } from './service.js';

/** The placeholder of a cutpiece SVG's design image (docs/catalogue-format.md). */
export const CUTPIECE_PLACEHOLDER = '{{design}}';
/** A transparent pixel: the pattern without a design. */
const EMPTY_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** POST /api/design/compose, GET /api/design/cutpiece, POST /api/design/mockupPreview, synthesis. */
export function synthesisRoutes(app: FastifyInstance, deps: { synthesis: SynthesisService; storage: BlobStorage }) {
  const { synthesis, storage } = deps;

  registerRoute(app, routes.compose, ({ caller, body }) => synthesis.compose(caller, body));

  registerRoute(app, routes.cutpiece, async ({ caller, query, reply }) => {
    const product = await synthesis.productFor(caller, Number(query.product_id));
    const area = product.spec.areas.find((a) => a.id === query.area_id);
    if (!area) throw new AppError(404, 'designAreaUnknown', { area: query.area_id });
    let img = EMPTY_IMAGE;
    if (query.img) {
      // Only a composed design of ours goes into the pattern (no foreign URLs in a production file).
      const key = blobKeyOfUrl(query.img);
      if (!key?.startsWith('composed/')) throw new AppError(400, 'badParameters');
      img = storage.url(key);
    }
    let svg: string;
    try {
      svg = (await storage.get(area.cutpiece)).toString('utf8');
    } catch {
      throw new AppError(500, 'cutpieceConfigError');
    }
    if (!svg.includes(CUTPIECE_PLACEHOLDER)) throw new AppError(500, 'cutpieceConfigError');
    return (
      reply
        .type('image/svg+xml; charset=utf-8')
        // Served from our origin: whatever an imported SVG holds, it may not run script or load from elsewhere.
        .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'")
        .header('cache-control', 'private, max-age=300')
        .send(svg.split(CUTPIECE_PLACEHOLDER).join(xmlAttr(img)))
    );
  });

  registerRoute(app, routes.mockupPreview, ({ caller, body }) => synthesis.mockupPreview(caller, body));
  registerRoute(app, routes.synthesisCreate, ({ caller, body }) => synthesis.create(caller, body));
  registerRoute(app, routes.regenerate, ({ caller, body }) => synthesis.regenerate(caller, body));
  registerRoute(app, routes.designResave, ({ caller, body }) => synthesis.designResave(caller, body));
  registerRoute(app, routes.designLayerlog, ({ caller, body }) => synthesis.designLayerlog(caller, body.key_id));
}
