import { randomBytes } from 'node:crypto';
import type { StoredOrder } from './orderModel.js';

/** The sandbox's memory: shops (one app and one session each), photo-bank images, products, orders, flow control. */

export interface Shop {
  id: number;
  name: string;
  appKey: string;
  appSecret: string;
  accessToken: string;
  /** Unix ms. */
  accessExpiresAt: number;
  /** Valid refresh tokens → their expiry (unix ms). */
  refreshTokens: Map<string, number>;
}

export interface StoredImage {
  id: string;
  shopId: number;
  mime: string;
  /** null once dropped from memory (docs/marketplace-a.md#photo-bank-upload). */
  bytes: Buffer | null;
  width: number;
  height: number;
  url: string;
}

export interface SkuAttribute {
  sku_attribute_name_id: number;
  sku_attribute_value_id?: number;
  sku_attribute_value?: string;
  sku_image_url?: string;
}

export interface StoredSku {
  id: string;
  sku_code: string;
  price: number;
  discount_price?: number;
  ean_code?: string;
  inventory: number;
  attributes: SkuAttribute[];
}

/** AliExpress's product_status_type values (docs/marketplace-a.md#managing-products); the sandbox has no review, so only the first two occur. */
export const PRODUCT_STATUSES = ['onSelling', 'offline', 'auditing', 'editingRequired'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export interface StoredProduct {
  productId: string;
  status: ProductStatus;
  shopId: number;
  categoryId: number;
  subject: string;
  language: string;
  description: string;
  brandName: string;
  images: string[];
  weight: number;
  packageSize: [number, number, number];
  freightTemplateId: string;
  servicePolicyId: string;
  productUnit: string;
  attributeList: unknown[];
  /** Days before it ships (`delivery_time`), when the post gave one. */
  deliveryTime?: number;
  skus: StoredSku[];
  /** Unix ms. */
  createdAt: number;
  /** Unix ms of the last edit or status change (gmt_modified). */
  updatedAt: number;
}

const token = (prefix: string) => prefix + randomBytes(24).toString('hex');

export class SandboxState {
  readonly shops = new Map<number, Shop>();
  readonly images = new Map<string, StoredImage>();
  readonly products = new Map<string, StoredProduct>();
  /** Orders by order id, in the order they were placed. */
  readonly orders = new Map<string, StoredOrder>();
  private nextShop = 1;
  private nextProduct = 1005000000000001n;
  private nextSku = 12000000000001n;
  // 16 digits like AliExpress's order ids, and below 2^53 so a JSON number keeps them exact.
  private nextOrder = 3000000000000001n;
  private nextChildOrder = 8000000000000001n;
  private nextImage = 1;
  /** Images still holding their bytes, oldest first, and what they hold in all. */
  private readonly kept: StoredImage[] = [];
  private keptBytes = 0;

  constructor(
    private readonly now: () => number,
    /** Bytes of images kept in memory; beyond it the oldest images' bytes are dropped (their URL stays known). */
    private readonly imageBytesKept = Infinity,
  ) {}

  createShop(name: string, accessTtlSeconds: number, refreshTtlSeconds: number): { shop: Shop; refreshToken: string } {
    const id = this.nextShop++;
    const refreshToken = token('50001');
    const shop: Shop = {
      id,
      name,
      appKey: String(500000 + id),
      appSecret: randomBytes(16).toString('hex'),
      accessToken: token('50000'),
      accessExpiresAt: this.now() + accessTtlSeconds * 1000,
      refreshTokens: new Map([[refreshToken, this.now() + refreshTtlSeconds * 1000]]),
    };
    this.shops.set(id, shop);
    return { shop, refreshToken };
  }

  shopByAppKey(appKey: string): Shop | undefined {
    for (const s of this.shops.values()) if (s.appKey === appKey) return s;
    return undefined;
  }

  /** A new access token (the old one stops working) and a new refresh token (the old one stays valid until its expiry). */
  rotate(shop: Shop, accessTtlSeconds: number, refreshTtlSeconds: number): { refreshToken: string } {
    shop.accessToken = token('50000');
    shop.accessExpiresAt = this.now() + accessTtlSeconds * 1000;
    const refreshToken = token('50001');
    shop.refreshTokens.set(refreshToken, this.now() + refreshTtlSeconds * 1000);
    return { refreshToken };
  }

  addImage(shopId: number, mime: string, bytes: Buffer, width: number, height: number, baseUrl: string): StoredImage {
    const id = `${this.nextImage++}${randomBytes(6).toString('hex')}`;
    const ext = mime === 'image/png' ? 'png' : 'jpg';
    const img: StoredImage = { id, shopId, mime, bytes, width, height, url: `${baseUrl}/photobank/${shopId}/${id}.${ext}` };
    this.images.set(id, img);
    this.kept.push(img);
    this.keptBytes += bytes.length;
    while (this.keptBytes > this.imageBytesKept && this.kept.length > 1) {
      const oldest = this.kept.shift()!;
      this.keptBytes -= oldest.bytes?.length ?? 0;
      oldest.bytes = null;
    }
    return img;
  }

  /** The image a photo-bank URL names, when this shop uploaded it (the URL's host is not checked: only its path). */
  imageOfShop(url: string, shopId: number): StoredImage | undefined {
    const m = /\/photobank\/(\d+)\/([0-9a-f]+)\.(?:jpg|png)$/.exec(url);
    if (!m || Number(m[1]) !== shopId) return undefined;
    const img = this.images.get(m[2]!);
    return img && img.shopId === shopId ? img : undefined;
  }

  newProductId(): string {
    return String(this.nextProduct++);
  }

  newSkuId(): string {
    return String(this.nextSku++);
  }

  newOrderId(): string {
    return String(this.nextOrder++);
  }

  newChildOrderId(): string {
    return String(this.nextChildOrder++);
  }
}

/**
 * Flow control (docs/marketplace-a.md#flow-control): at most `ratePerSecond` calls per app key and
 * session in any one-second window; the call over it starts a ban of `banSeconds` during which every
 * call of that app and session is refused with ApiCallLimits.
 */
export class FlowControl {
  private readonly calls = new Map<string, number[]>();
  private readonly bans = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    public ratePerSecond: number,
    public banSeconds: number,
  ) {}

  /** null: the call may go; a number: the seconds the ban still lasts. */
  admit(key: string): number | null {
    const t = this.now();
    const bannedUntil = this.bans.get(key);
    if (bannedUntil !== undefined) {
      if (t < bannedUntil) return Math.ceil((bannedUntil - t) / 1000);
      this.bans.delete(key);
      this.calls.delete(key);
    }
    const recent = (this.calls.get(key) ?? []).filter((c) => c > t - 1000);
    if (recent.length >= this.ratePerSecond) {
      this.bans.set(key, t + this.banSeconds * 1000);
      this.calls.delete(key);
      return this.banSeconds;
    }
    recent.push(t);
    this.calls.set(key, recent);
    return null;
  }

  reset() {
    this.calls.clear();
    this.bans.clear();
  }
}
