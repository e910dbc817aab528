import type { MessageKey } from '@app/contract';
import type { ShopConnection } from '../../shops/index.js';

/**
 * The one interface every marketplace adapter implements (README.md#architecture, docs/publishing.md):
 * validate, upload images, create, find (reconcile after a crash), refresh the token, and map the
 * marketplace's answers to seller messages. One module per platform (tiktok.ts for B = 15,
 * aliexpress.ts for A = 2), chosen by the platform code; each speaks signed HTTP to its configured base
 * URL (MARKETPLACE_A_URL / MARKETPLACE_B_URL: the real marketplace or the repo's sandbox).
 *
 * Adapters are stateless: the publish job owns the order of calls, the per-shop pacing, the token
 * refresh-and-retry-once, and the records. An adapter never logs a secret.
 */

/** A marketplace-neutral listing, built by the publish job from the finished product, template and prices. */
export interface Listing {
  /** Our finished product's id and number (key_id). */
  finishedId: number;
  keyId: string;
  title: string;
  /** HTML, within the marketplace's allowed tags (the job builds it from the template and the product). */
  description: string;
  /** The marketplace's product template, as stored (A: aliexpress_template row; B: tiktok_template row). */
  template: Record<string, unknown>;
  /** The marketplace's image references (B: upload `uri`; A: photo-bank URL), the first is the main image. */
  mainImages: string[];
  skus: ListingSku[];
  /** Made to order: the days before it ships (A `delivery_time`, B each SKU's `pre_sale`); absent: in stock. */
  handlingDays?: number;
}

export interface ListingSku {
  /** Our variant (child) id and its stable seller SKU (unique per product and shop, ≤ 50 characters). */
  variantId: number;
  sellerSku: string;
  /** The variant's number (finished_attr.key_id) and its product (a combination's child): the SKU bindings' keys. */
  variantKeyId?: string;
  productId?: number;
  color: string;
  size: string;
  /** Two decimals, in the shop's currency (USD for the sandboxes). */
  price: number;
  /** A's discount price; absent: none. Must be < price. */
  discountPrice?: number;
  /**
   * The crossed-out price (the pricing template's, two decimals); absent: none. Above `price`: A sends it as
   * `price` and the listing price as `discount_price`, B as `list_price` (docs/publishing.md#crossed-out-price).
   */
  crossedOut?: number;
  inventory: number;
  /** The colour's image reference (images ride on the colour attribute only). */
  imageRef?: string;
  /** The variant's GTIN and its type (docs/listing-tools.md#barcodes): B's identifier_code, A's ean_code. */
  barcode?: { code: string; type: 'EAN' | 'UPC' | 'GTIN' };
}

/** What the marketplace created (or, on reconcile, what it already holds). */
export interface RemoteProduct {
  remoteProductId: string;
  /** Seller SKU → the marketplace's SKU id. */
  skuIds: Record<string, string>;
  /** The listing's page (the sandbox's product page, or the marketplace's seller-centre link). */
  remoteUrl: string;
  /** The marketplace's warnings on a success, in the seller's words. */
  warnings: string[];
}

export interface ImageToUpload {
  bytes: Buffer;
  /** image/jpeg or image/png. */
  mime: string;
  filename: string;
  /** B's use_case; A ignores it. */
  use: 'MAIN_IMAGE' | 'ATTRIBUTE_IMAGE';
}

/** Tokens after a refresh; the job stores them sealed (stores.updateTokens). */
export interface RefreshedTokens {
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
}

/** A reason the pre-flight refuses a product: a message key and its parameters, rendered in the seller's language. */
export interface PreflightReason {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface MarketplaceAdapter {
  readonly platform: 2 | 15;
  /** Checks a listing against every limit of the marketplace (docs/marketplace-a.md, docs/marketplace-b.md) before anything is sent. */
  validate(listing: Listing): PreflightReason[];
  uploadImage(conn: ShopConnection, image: ImageToUpload): Promise<string>;
  /** Creates the product; B sends idempotencyKey, A (no such field) relies on the job's reconcile. */
  createProduct(conn: ShopConnection, listing: Listing, idempotencyKey: string): Promise<RemoteProduct>;
  /** Looks for a product this listing already created (after a crash mid-create): by its seller SKUs. */
  findProduct(conn: ShopConnection, listing: Listing): Promise<RemoteProduct | null>;
  refreshToken(conn: ShopConnection): Promise<RefreshedTokens>;
  /**
   * A harmless call that tells whether a connection's credentials work (docs/publishing.md#connecting), made
   * before a connection is stored: null when they do, else what the marketplace refused.
   */
  checkConnection(conn: ShopConnection): Promise<ConnectionProblem | null>;
}

/** What a connection check found wrong: the credential the marketplace refused, or its own words. */
export type ConnectionProblem =
  | { kind: 'appKey' | 'secret' | 'token' | 'cipher' | 'clock' | 'unreachable'; remote: { code: string; message: string } }
  | { kind: 'other'; remote: { code: string; message: string } };

/**
 * Every failure an adapter throws. The job acts on `kind`: rateLimited waits `waitMs` then goes on;
 * tokenExpired refreshes once and retries; refused fails the product with `key` (the seller's words);
 * unavailable (network, 5xx) is retried by the job queue.
 */
export class MarketplaceError extends Error {
  constructor(
    readonly kind: 'rateLimited' | 'tokenExpired' | 'refused' | 'unavailable',
    readonly key: MessageKey,
    /** The marketplace's own code and message, for the server log and the record's detail. */
    readonly remote: { code: string; message: string },
    /** rateLimited only: how long the marketplace asked us to wait. */
    readonly waitMs = 0,
    /** The message's `{name}` parameters (e.g. the limit and the count), rendered with `key`. */
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${kind} ${remote.code}: ${remote.message}`);
  }
}
