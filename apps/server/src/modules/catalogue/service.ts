import {
  productTagCodec,
  type CategoryNode,
  type DesignArea,
  type FavoriteItem,
  type ProductAttr,
  type ProductDesignDetail,
  type ProductDetail,
  type ProductListItem,
  type ProductListQuery,
  type ProductSearchItem,
  type ProductSku,
} from '@app/contract';
import type { Caller } from '../../http/auth.js';
import { descendantIds } from '../../db/tree.js';
import { AppError } from '../../http/errors.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { ProductSpec } from './manifest.js';
import type { CatalogueRepo, ProductRow } from './repo.js';
import { parseJsonColumn } from '../../db/json.js';

/** A blank as composition needs it: its normalised spec and its SKUs. */
export interface CatalogueProduct {
  id: number;
  code: string;
  name: string;
  /** The English name, the default listing title ('' when the catalogue gives none). */
  name_en: string;
  cid: number;
  cate_name: string;
  level: number;
  spec: ProductSpec;
  /** Each SKU with its colour's English name and family and its size's English name (docs/catalogue-format.md). */
  skus: {
    id: number;
    color: string;
    color_code: string;
    size: string;
    price: number;
    color_en: string;
    color_family: string;
    size_en: string;
  }[];
}

/** Who reads a blank: the logged-in caller, or undefined for a visitor (docs/mobile.md#the-personal-product-library). */
export type Reader = Pick<Caller, 'id' | 'level'> | undefined;

export interface CatalogueService {
  /** The product with its spec and SKUs, or undefined. */
  product(id: number): Promise<CatalogueProduct | undefined>;
  /** Categories as a tree (docs/api.md#editor). */
  categoryTree(): Promise<CategoryNode[]>;
  /**
   * Product search (docs/editor.md#catalogue: the product query); each product's `favorite` from the reader's library
   * (a visitor has none).
   */
  search(query: ProductListQuery, reader?: Reader): Promise<{ product_list: ProductSearchItem[]; total: number }>;
  /**
   * Product detail for the editor; 404 for an unknown product. The reader's level decides `authorization` (a
   * visitor's is 0), its library `favorite` (a visitor has none).
   */
  detail(productId: number, reader: Reader): Promise<ProductDetail>;
  /** The detail for designing one SKU; 404 for an unknown product or an attr_id of another product. */
  designDetail(productId: number, attrId: number, reader: Reader): Promise<ProductDesignDetail>;
  /** The navigation's list of one tag, in its own numbering (1 new, 3 hot), newest first (docs/domain.md#catalogue-codes). */
  navList(q: { tag: number; page: number; limit: number }): Promise<{ list: ProductListItem[]; total: number }>;
  /** Saves a product to the account's library; saving it again changes nothing. 404 for an unknown product. */
  favorite(accountId: number, productId: number): Promise<{ favorite: 1 }>;
  /** Takes a product out of the account's library; one not in it changes nothing. */
  unfavorite(accountId: number, productId: number): Promise<{ favorite: 0 }>;
  /** The account's library, last saved first, paged. */
  favoriteList(accountId: number, q: { page: number; limit: number }): Promise<{ list: FavoriteItem[]; total: number }>;
}

type Level = 0 | 1 | 2 | 3;
type Tag = Level | null;

export function createCatalogueService(deps: {
  repo: Pick<
    CatalogueRepo,
    'categories' | 'product' | 'search' | 'skus' | 'isFavorite' | 'favoriteIds' | 'addFavorite' | 'removeFavorite' | 'favorites'
  >;
  storage: Pick<BlobStorage, 'url'>;
  now: () => number;
}): CatalogueService {
  const { repo } = deps;
  const url = (key: string) => deps.storage.url(key);
  // A damaged spec reads as a blank with nothing to design or show, not as a failed catalogue page.
  const specOf = (row: { spec: string }) => parseJsonColumn<ProductSpec>(row.spec, { colors: [], sizes: [], areas: [], views: [] });
  const sku = (s: ProductSku): ProductSku => ({ id: s.id, color: s.color, color_code: s.color_code, size: s.size, price: s.price });

  async function load(productId: number, reader: Reader) {
    const row = await repo.product(productId);
    if (!row) throw new AppError(404, 'catalogueProductNotFound');
    const [skus, favorite] = await Promise.all([
      repo.skus(productId),
      reader ? repo.isFavorite(reader.id, productId) : Promise.resolve(false),
    ]);
    return { row, spec: specOf(row), skus: skus.map(sku), favorite };
  }

  /** Everything getDetail and getDesignDetail share (docs/editor.md#catalogue: the product detail in the editor). */
  function head(row: ProductRow, spec: ProductSpec, skus: ProductSku[], reader: Reader, favorite: boolean) {
    const designList: DesignArea[] = spec.areas.map((a) => ({
      id: a.id,
      area_path: a.path,
      bbox: a.bbox,
      print_width: a.print.width,
      print_height: a.print.height,
      cutpiece: url(a.cutpiece),
      diy_layername: a.name,
      show_diy_layername: a.showName ? 1 : 0,
      templatelayer: spec.views.flatMap((v) =>
        v.placements
          .filter((p) => p.area === a.id)
          .flatMap((p) =>
            spec.colors.map((c) => ({
              color: c.name,
              color_code: c.code,
              view: v.id,
              view_name: v.name,
              width: v.width,
              height: v.height,
              base: url(v.bases[c.name]!),
              shading: url(v.shading),
              highlight: v.highlight ? url(v.highlight) : null,
              mask: v.mask ? url(v.mask) : null,
              placement: { x: p.x, y: p.y, width: p.width, height: p.height },
            })),
          ),
      ),
    }));
    return {
      ...listItem(row, spec),
      code: row.code,
      design_list: designList,
      psds: spec.views.map((v) => ({
        id: v.id,
        name: v.name,
        thumb: url(v.thumb ?? v.bases[spec.colors[0]!.name]!),
        width: v.width,
        height: v.height,
      })),
      big_sku_list: skus,
      all_cutpiece_list: spec.areas.map((a) => ({ area_id: a.id, name: a.name, url: url(a.cutpiece) })),
      // A visitor reads as level 0: a blank above it is not theirs to design (docs/domain.md#catalogue-codes).
      authorization: (reader?.level ?? 0) >= row.level ? (1 as const) : (0 as const),
      favorite: favorite ? (1 as const) : (0 as const),
    };
  }

  function attr(spec: ProductSpec, s: ProductSku): ProductAttr {
    return { ...s, templates: spec.views.map((v) => url(v.bases[s.color] ?? v.bases[spec.colors[0]!.name]!)) };
  }

  function listItem(row: ProductRow, spec: ProductSpec): ProductListItem {
    return {
      id: row.id,
      name: row.name,
      thumb: url(row.thumb),
      cid: row.cid,
      cate_name: row.cate_name,
      tag: row.tag as Tag,
      level: row.level as Level,
      min_price: row.min_price,
      colors: spec.colors.map((c) => ({ name: c.name, code: c.code })),
      sizes: spec.sizes,
    };
  }

  return {
    async product(id) {
      const row = await repo.product(id);
      if (!row) return undefined;
      const skus = await repo.skus(id);
      return {
        id: row.id,
        code: row.code,
        name: row.name,
        name_en: row.name_en,
        cid: row.cid,
        cate_name: row.cate_name,
        level: row.level,
        spec: specOf(row),
        skus: skus.map((s) => ({ ...sku(s), color_en: s.color_en, color_family: s.color_family, size_en: s.size_en })),
      };
    },

    async categoryTree() {
      interface Node {
        id: number;
        name: string;
        childlist: Node[];
      }
      const rows = await repo.categories();
      const nodes = new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, childlist: [] as Node[] }]));
      const roots: Node[] = [];
      for (const r of rows) {
        const parent = r.pid ? nodes.get(r.pid) : undefined;
        (parent ? parent.childlist : roots).push(nodes.get(r.id)!);
      }
      // The import keeps the tree within CATEGORY_MAX_DEPTH levels, the depth the contract spells out.
      return roots as CategoryNode[];
    },

    async search(q, reader) {
      let cids: number[] | undefined;
      if (typeof q.cid === 'number' && q.cid > 0) {
        // The category and every category under it (docs/editor.md#catalogue: product query by cid).
        cids = descendantIds(await repo.categories(), [q.cid]);
      }
      const { total, rows } = await repo.search({
        name: q.name || undefined,
        cids,
        tag: q.tag === '' ? undefined : q.tag,
        level: q.level === '' ? undefined : q.level,
        limit: q.pageSize,
        offset: (q.pageNumber - 1) * q.pageSize,
      });
      // The page's saved ones in one query by its ids (docs/mobile.md#the-personal-product-library).
      const ids = rows.map((r) => r.id);
      const saved = reader ? await repo.favoriteIds(reader.id, ids) : new Set<number>();
      return {
        product_list: rows.map((r) => ({ ...listItem(r, specOf(r)), favorite: saved.has(r.id) ? (1 as const) : (0 as const) })),
        total,
      };
    },

    async detail(productId, reader) {
      const { row, spec, skus, favorite } = await load(productId, reader);
      return { ...head(row, spec, skus, reader, favorite), attr_list: skus.map((s) => attr(spec, s)) };
    },

    async designDetail(productId, attrId, reader) {
      const { row, spec, skus, favorite } = await load(productId, reader);
      const chosen = skus.find((s) => s.id === attrId);
      if (!chosen) throw new AppError(404, 'catalogueSkuNotFound');
      return { ...head(row, spec, skus, reader, favorite), attr: attr(spec, chosen) };
    },

    async navList({ tag, page, limit }) {
      // Products store the search's numbering; the navigation sends its own (docs/domain.md#catalogue-codes).
      const stored = productTagCodec.navToSearch(tag);
      if (stored === undefined) throw new AppError(400, 'badParameters');
      const { total, rows } = await repo.search({ tag: stored, order: 'newest', limit, offset: (page - 1) * limit });
      return { list: rows.map((r) => listItem(r, specOf(r))), total };
    },

    // Each account keeps its own library, a sub-account's apart from its parent's: what an operator saves is the
    // blanks it works with, not the family's (docs/mobile.md#the-personal-product-library). So the caller's own
    // account id, never its scope.
    async favorite(accountId, productId) {
      if (!(await repo.product(productId))) throw new AppError(404, 'catalogueProductNotFound');
      await repo.addFavorite(accountId, productId, deps.now());
      return { favorite: 1 };
    },

    async unfavorite(accountId, productId) {
      await repo.removeFavorite(accountId, productId);
      return { favorite: 0 };
    },

    async favoriteList(accountId, { page, limit }) {
      const { total, rows } = await repo.favorites(accountId, limit, (page - 1) * limit);
      return {
        list: rows.map((r) => ({ ...listItem(r, specOf(r)), favorite: 1 as const, favorited_at: Math.floor(r.favorited_at / 1000) })),
        total,
      };
    },
  };
}
