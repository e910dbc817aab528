import { randomBytes } from 'node:crypto';
import type { CheckedProduct } from './create.js';
import type { Order } from './orderModel.js';

/** The sandbox's memory: shops (one app each), their tokens, uploaded images, products, orders, limits. */

export interface ShopCredentials {
  shop_id: string;
  shop_name: string;
  app_key: string;
  app_secret: string;
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
  shop_cipher: string;
  warehouse_id: string;
}

export interface Shop {
  id: string;
  name: string;
  app_key: string;
  app_secret: string;
  shop_cipher: string;
  warehouse_id: string;
  rate: number | null;
  quota: number | null;
  /** Accepted signed calls of the last second (ms), oldest first. */
  hits: number[];
  /** Products created on the UTC day `day` (days since the epoch): the daily quota's count. */
  today: { day: number; count: number };
  /** Update Shop Webhook's addresses by event_type (docs/marketplace-b.md#webhooks). */
  webhooks: Map<string, { address: string; create_time: number; update_time: number }>;
  /** Times each notification is delivered (null: the sandbox's default); tests prove idempotency with 3. */
  webhookCopies: number | null;
}
export interface Image {
  uri: string;
  name: string;
  shopId: string;
  /** null once dropped from memory (imageBytesKept). */
  bytes: Buffer | null;
  mime: string;
  width: number;
  height: number;
  use_case: string;
}
export type ProductStatus = 'DRAFT' | 'ACTIVATE' | 'SELLER_DEACTIVATED' | 'DELETED';
export interface Product extends CheckedProduct {
  id: string;
  shopId: string;
  /** TikTok's product statuses the sandbox uses (docs/marketplace-b.md#managing-products). */
  status: ProductStatus;
  create_time: number;
  /** Unix seconds of the last edit, price, stock or status change. */
  update_time: number;
  skuIds: string[];
  warnings: { message: string }[];
}

const ACCESS_TOKEN_TTL_S = 7 * 24 * 3600;
export const REFRESH_TOKEN_TTL_S = 365 * 24 * 3600;

export const hex = (n: number) => randomBytes(n).toString('hex');

export class SandboxState {
  readonly shops = new Map<string, Shop>();
  readonly shopsByKey = new Map<string, Shop>();
  readonly accessTokens = new Map<string, { shopId: string; expiresAt: number }>();
  readonly refreshTokens = new Map<string, { shopId: string; revokedAt: number | null }>();
  readonly images = new Map<string, Image>();
  readonly imagesByName = new Map<string, Image>();
  readonly products = new Map<string, Product>();
  /** `${shopId}\u0000${idempotency_key}` → the product it created. */
  readonly idempotency = new Map<string, string>();
  readonly orders = new Map<string, Order>();
  /** Each shop's orders, oldest first. */
  readonly shopOrders = new Map<string, Order[]>();
  /** Called on every order status change, the placement included: the webhooks deliver it (server.ts). */
  orderChanged: (order: Order) => void = () => {};
  /** Orders placed so far: whose turn it is among the fake buyers. */
  ordersPlaced = 0;
  /** The limits of a shop that has none of its own. */
  readonly defaults: { rate: number; quota: number };
  // Images still holding their bytes, oldest first, and what they hold in all.
  private readonly kept: Image[] = [];
  private keptBytes = 0;
  private nextId = 1729384756000000000n;
  // 18 digits, as TikTok's order ids (576486316948490001 in its ORDER_STATUS_CHANGE example).
  private nextOrderId = 576486316948490000n;

  constructor(
    /** Milliseconds since the epoch. */
    readonly now: () => number,
    defaults: { rate: number; quota: number },
    /** Bytes of uploaded images kept in memory (docs/marketplace-b.md#image-upload). */
    private readonly bytesBudget: number,
  ) {
    this.defaults = { ...defaults };
  }

  nowS(): number {
    return Math.floor(this.now() / 1000);
  }

  newId(): string {
    return String(++this.nextId);
  }
  newOrderId(): string {
    return String(++this.nextOrderId);
  }

  /** Stores an uploaded image; beyond the budget the oldest images' bytes are dropped (their uri stays known). */
  addImage(image: Image): void {
    this.images.set(image.uri, image);
    this.imagesByName.set(image.name, image);
    this.kept.push(image);
    this.keptBytes += image.bytes?.length ?? 0;
    while (this.keptBytes > this.bytesBudget && this.kept.length > 1) {
      const oldest = this.kept.shift()!;
      this.keptBytes -= oldest.bytes?.length ?? 0;
      oldest.bytes = null;
    }
  }

  issueTokens(shop: Shop) {
    const access_token = `TTP_${hex(20)}`;
    const refresh_token = `TTP_${hex(20)}`;
    const expires_at = this.nowS() + ACCESS_TOKEN_TTL_S;
    this.accessTokens.set(access_token, { shopId: shop.id, expiresAt: expires_at });
    this.refreshTokens.set(refresh_token, { shopId: shop.id, revokedAt: null });
    return { access_token, refresh_token, expires_at };
  }

  createShop(o: { name?: string; warehouse_id?: string } = {}): ShopCredentials {
    const id = String(7_494_000_000_000_000_000n + BigInt(this.shops.size + 1));
    const shop: Shop = {
      id,
      name: o.name ?? `Sandbox shop ${this.shops.size + 1}`,
      app_key: hex(6),
      app_secret: hex(20),
      shop_cipher: `ROW_${hex(12)}`,
      warehouse_id: o.warehouse_id ?? String(7_000_000_000_000_000_000n + BigInt(this.shops.size + 1)),
      rate: null,
      quota: null,
      hits: [],
      today: { day: 0, count: 0 },
      webhooks: new Map(),
      webhookCopies: null,
    };
    this.shops.set(id, shop);
    this.shopsByKey.set(shop.app_key, shop);
    return {
      shop_id: id,
      shop_name: shop.name,
      app_key: shop.app_key,
      app_secret: shop.app_secret,
      shop_cipher: shop.shop_cipher,
      warehouse_id: shop.warehouse_id,
      ...this.issueTokens(shop),
    };
  }

  rateOf(s: Shop): number {
    return s.rate ?? this.defaults.rate;
  }
  quotaOf(s: Shop): number {
    return s.quota ?? this.defaults.quota;
  }
  productsOf(shopId: string): Product[] {
    return [...this.products.values()].filter((p) => p.shopId === shopId);
  }
  ordersOf(shopId: string): Order[] {
    return this.shopOrders.get(shopId) ?? [];
  }
  addOrder(order: Order): void {
    this.orders.set(order.data.id, order);
    const list = this.shopOrders.get(order.shopId);
    if (list) list.push(order);
    else this.shopOrders.set(order.shopId, [order]);
  }
}
