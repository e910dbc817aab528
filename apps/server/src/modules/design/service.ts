import type { ParsedBodyOf, MessageKey, ParsedQueryOf, routes } from '@app/contract';
import { areaSchema, parseDesign, type DesignArea, type DesignDocument } from '@app/design';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { Composer } from '../../compose/composer.js';
import type { ComposeAreaSpec, ComposeProductSpec } from '../../compose/tasks.js';
import { blobKeyOfUrl } from '../../compose/blobUrls.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import { blobRule, mayRead } from '../../storage/blobAccess.js';
import type { CatalogueProduct, CatalogueService } from '../catalogue/index.js';

/** The placeholder of a cutpiece SVG's design image (docs/catalogue-format.md). */
export const CUTPIECE_PLACEHOLDER = '{{design}}';
/** A transparent pixel: the pattern without a design. */
const EMPTY_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What composition needs of a catalogue product. */
export function composeSpecOf(product: CatalogueProduct): ComposeProductSpec {
  return {
    areas: product.spec.areas.map((a) => ({ id: a.id, bbox: a.bbox, print: a.print })),
    views: product.spec.views,
  };
}

/**
 * The editor's calls (docs/api.md#editor): a design area's print, the production pattern with a design in it, and
 * the live mockup preview — composed at once in the composer's worker threads, nothing stored as a row.
 * Also the checks every design goes through before it is saved (synthesis uses them).
 */
export function createDesignService(deps: {
  catalogue: Pick<CatalogueService, 'product'>;
  composer: Pick<Composer, 'area' | 'product'>;
  /** Cutpiece patterns are read from storage; a composed design is named by its URL. */
  storage: Pick<BlobStorage, 'get' | 'url'>;
}) {
  const { catalogue, composer, storage } = deps;

  /** A blank the caller may design on: it exists and the caller's level reaches the product's (docs/domain.md#catalogue-codes). */
  async function productFor(caller: Caller, productId: number): Promise<CatalogueProduct> {
    const product = await catalogue.product(productId);
    if (!product) throw new AppError(404, 'productNotFound');
    if (caller.level < product.level) throw new AppError(403, 'productLevelRequired');
    return product;
  }

  /**
   * The composer reads stored files directly, so a design may name only files its caller could fetch at
   * /files (storage/blobAccess.ts): another owner's material is refused as a missing one is, whether it
   * exists or not — the composer is no way around the scope, nor an oracle of who has which file.
   */
  function checkImages(caller: Caller, areas: DesignArea[]) {
    for (const area of areas)
      for (const layer of area.layers)
        for (const url of [layer.image, layer.src1, layer.src]) {
          const key = url ? blobKeyOfUrl(url) : undefined;
          if (key && !mayRead(blobRule(key), caller.scope)) throw new AppError(422, 'materialLoadFailed');
        }
  }

  /** Parses a wire design and checks it against the product's design areas and the caller's files. */
  function designFor(caller: Caller, product: CatalogueProduct, text: string): DesignDocument {
    let design: DesignDocument;
    try {
      design = parseDesign(text);
    } catch {
      throw new AppError(400, 'designInvalid');
    }
    const known = new Set(product.spec.areas.map((a) => a.id));
    for (const a of design.areas) if (!known.has(String(a.id))) throw new AppError(400, 'designAreaUnknown', { area: String(a.id) });
    checkImages(caller, design.areas);
    return design;
  }

  /** A composition the seller's input made impossible: the seller's message (docs/messages.md#editor-messages), without the engine's detail. */
  function failed(outcome: { key: MessageKey }): never {
    throw new AppError(422, outcome.key);
  }

  async function compose(caller: Caller, body: ParsedBodyOf<typeof routes.compose>): Promise<string> {
    const product = await productFor(caller, body.product_id);
    let area: DesignArea;
    try {
      area = areaSchema.parse(JSON.parse(body.layerdata));
    } catch {
      throw new AppError(400, 'badParameters');
    }
    const spec: ComposeAreaSpec | undefined = composeSpecOf(product).areas.find((a) => a.id === String(area.id));
    if (!spec) throw new AppError(400, 'designAreaUnknown', { area: String(area.id) });
    checkImages(caller, [area]);
    const out = await composer.area({ kind: 'area', area, spec });
    if (!out.ok) failed(out);
    return out.value.url;
  }

  async function mockupPreview(caller: Caller, body: ParsedBodyOf<typeof routes.mockupPreview>) {
    const product = await productFor(caller, body.product_id);
    const design = designFor(caller, product, body.extends);
    const skus = body.sku_ids.map((id) => {
      const sku = product.skus.find((s) => s.id === id);
      if (!sku) throw new AppError(404, 'skuNotFound');
      return sku;
    });
    const colors = [...new Set(skus.map((s) => s.color))];
    const out = await composer.product({ kind: 'product', design, spec: composeSpecOf(product), colors, thumbs: false });
    if (!out.ok) failed(out);
    return {
      list: skus.map((s) => ({ attr_id: s.id, color: s.color, size: s.size, images: out.value.mockups[s.color] ?? [] })),
      prints: out.value.prints,
    };
  }

  /** A design area's production pattern (SVG) with its placeholder replaced by a composed design image. */
  async function cutpiece(caller: Caller, query: ParsedQueryOf<typeof routes.cutpiece>): Promise<string> {
    const product = await productFor(caller, query.product_id);
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
    return svg.split(CUTPIECE_PLACEHOLDER).join(xmlAttr(img));
  }

  return { productFor, designFor, compose, mockupPreview, cutpiece };
}
export type DesignService = ReturnType<typeof createDesignService>;
