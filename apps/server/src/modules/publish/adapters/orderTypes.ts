import type { ShopConnection } from '../../shops/index.js';

/**
 * The marketplaces' buyer orders as the adapters read them (docs/marketplace-a.md#orders, docs/marketplace-b.md#orders):
 * one neutral shape for both, so importing, shipping and profit never read a marketplace's own fields. Amounts are
 * decimal text in the order's currency, times are milliseconds.
 */

/** Where a buyer's order stands at the marketplace, in our words; `remoteStatus` keeps the marketplace's own. */
export type MarketOrderState = 'unpaid' | 'onHold' | 'awaitingShipment' | 'shipped' | 'delivered' | 'completed' | 'cancelled';

export interface MarketOrderLine {
  /** The marketplace's line (B: line item; A: child order). */
  remoteLineId: string;
  remoteProductId: string;
  remoteSkuId: string;
  /** The seller SKU the listing was published with: how a line finds our variant (the SKU bindings). */
  sellerSku: string;
  productName: string;
  skuName: string;
  quantity: number;
  /** What the buyer paid for one unit. */
  unitPrice: string;
}

export interface MarketRecipient {
  name: string;
  phone: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  province: string;
  city: string;
  address1: string;
  address2: string;
  postcode: string;
}

export interface MarketOrder {
  remoteOrderId: string;
  state: MarketOrderState;
  remoteStatus: string;
  createdAt: number;
  updatedAt: number;
  currency: string;
  /** The buyer's total, shipping included. */
  buyerPaid: string;
  /** The buyer's shipping part of it. */
  buyerShipping: string;
  recipient: MarketRecipient;
  lines: MarketOrderLine[];
  /** B's packages (one per order in the sandbox); A has none. */
  packageIds: string[];
  /** B's delivery option, which names the shipping providers the order may use; A has none. */
  deliveryOption?: string;
  /** Who cancelled it, when it is cancelled. */
  cancelledBy?: 'buyer' | 'seller' | 'system';
  /** The tracking the marketplace holds, once shipped. */
  tracking?: { carrier: string; number: string };
}

/** An order the marketplace says changed: enough to decide whether to read it again (`orders`). */
export interface MarketOrderChange {
  remoteOrderId: string;
  state: MarketOrderState;
  remoteStatus: string;
  updatedAt: number;
}

/** A page of changes since a moment; `nextPage` continues it (absent: the last page). */
export interface MarketOrderPage {
  changes: MarketOrderChange[];
  nextPage?: string;
}

/** A notification the marketplace pushed: an order changed. */
export interface MarketNotification {
  /** The marketplace's id of the notification: the same for every copy and retry of it. */
  id: string;
  remoteOrderId: string;
  /** The order's change time (ms). */
  updatedAt: number;
}

/** A carrier the marketplace accepts for a shipment: its own code and name. */
export interface MarketCarrier {
  code: string;
  name: string;
}

/**
 * The order calls of one marketplace. Stateless like MarketplaceAdapter: the caller owns pacing, the token refresh
 * and the records; failures are MarketplaceError (types.ts).
 */
export interface MarketplaceOrders {
  readonly platform: 2 | 15;
  /** How many ids one `orders` call takes (one call per that many: the caller paces each). */
  readonly idsPerCall: number;
  /** Orders created or changed at or after `since` (ms), oldest change first where the marketplace allows. */
  changedOrders(conn: ShopConnection, since: number, page?: string): Promise<MarketOrderPage>;
  /** The orders of these ids (at most `idsPerCall`) the shop holds; unknown ones are left out. */
  orders(conn: ShopConnection, ids: string[]): Promise<MarketOrder[]>;
  /** The carriers a shipment may name (their codes are what `ship` takes). */
  carriers(conn: ShopConnection, order: MarketOrder): Promise<MarketCarrier[]>;
  /** Tells the marketplace the order shipped with this carrier (its code) and tracking number. */
  ship(conn: ShopConnection, order: MarketOrder, shipment: { carrier: string; trackingNumber: string }): Promise<void>;
  /** A marketplace that pushes order changes: has them sent to `address` (a marketplace polled has no such call). */
  subscribe?(conn: ShopConnection, address: string): Promise<void>;
  /** A pushed notification's body as received, verified with the shop's secret; null when it is not the marketplace's. */
  readNotification?(
    conn: ShopConnection,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): MarketNotification | null;
}
