import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { ProductSpec } from './manifest.js';

/** A blank as composition needs it: its normalised spec and its SKUs. */
export interface CatalogueProduct {
  id: number;
  code: string;
  name: string;
  cid: number;
  cate_name: string;
  level: number;
  spec: ProductSpec;
  skus: { id: number; color: string; color_code: string; size: string; price: number }[];
}

export interface CatalogueService {
  /** The product with its spec and SKUs, or undefined. */
  product(id: number): Promise<CatalogueProduct | undefined>;
}

export function createCatalogueService(deps: { db: Kysely<Database>; storage: BlobStorage }): CatalogueService {
  void deps;
  return {
    product: () => Promise.resolve(undefined),
  };
}
