import type {
  CategoryNode,
  DesignArea,
  ProductAttr,
  ProductDesignDetail,
  ProductDetail,
  ProductListItem,
  ProductListQuery,
  ProductSku,
} from '@app/contract';
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

export interface CatalogueService {
  /** The product with its spec and SKUs, or undefined. */
  product(id: number): Promise<CatalogueProduct | undefined>;
  /** Categories as a tree (docs/api.md#editor). */
  categoryTree(): Promise<CategoryNode[]>;
  /** Product search (docs/editor.md#catalogue: the product query). */
  search(query: ProductListQuery): Promise<{ product_list: ProductListItem[]; total: number }>;
  /** Product detail for the editor; 404 for an unknown product. `callerLevel` decides `authorization`. */
  detail(productId: number, callerLevel: number): Promise<ProductDetail>;
  /** The detail for designing one SKU; 404 for an unknown product or an attr_id of another product. */
  designDetail(productId: number, attrId: number, callerLevel: number): Promise<ProductDesignDetail>;
}

type Level = 0 | 1 | 2 | 3;
type Tag = Level | null;

export function createCatalogueService(deps: {
  repo: Pick<CatalogueRepo, 'categories' | 'product' | 'search' | 'skus'>;
  storage: Pick<BlobStorage, 'url'>;
}): CatalogueService {
  const { repo } = deps;
  const url = (key: string) => deps.storage.url(key);
  // A damaged spec reads as a blank with nothing to design or show, not as a failed catalogue page.
  const specOf = (row: { spec: string }) => parseJsonColumn<ProductSpec>(row.spec, { colors: [], sizes: [], areas: [], views: [] });
  const sku = (s: ProductSku): ProductSku => ({ id: s.id, color: s.color, color_code: s.color_code, size: s.size, price: s.price });

  async function load(productId: number) {
    const row = await repo.product(productId);
    if (!row) throw new AppError(404, 'catalogueProductNotFound');
    return { row, spec: specOf(row), skus: (await repo.skus(productId)).map(sku) };
  }

  /** Everything getDetail and getDesignDetail share (docs/editor.md#catalogue: the product detail in the editor). */
  function head(row: ProductRow, spec: ProductSpec, skus: ProductSku[], callerLevel: number) {
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
      authorization: callerLevel >= row.level ? (1 as const) : (0 as const),
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

    async search(q) {
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
      return { product_list: rows.map((r) => listItem(r, specOf(r))), total };
    },

    async detail(productId, callerLevel) {
      const { row, spec, skus } = await load(productId);
      return { ...head(row, spec, skus, callerLevel), attr_list: skus.map((s) => attr(spec, s)) };
    },

    async designDetail(productId, attrId, callerLevel) {
      const { row, spec, skus } = await load(productId);
      const chosen = skus.find((s) => s.id === attrId);
      if (!chosen) throw new AppError(404, 'catalogueSkuNotFound');
      return { ...head(row, spec, skus, callerLevel), attr: attr(spec, chosen) };
    },
  };
}
