import type { Kysely } from 'kysely';
import { ORDER_STATUS, orderAddress, type MessageKey, type OrderAddress } from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { OrderedUnitsQueries } from '../finished/index.js';
import type { OrderQueries, OrderService } from '../orders/index.js';
import type { MarketOrder } from '../publish/index.js';
import type { SkuBindingRepo } from '../variants/index.js';
import { marketOrderQueries, type MarketOrderRow } from './repo.js';
import { provinceFor } from './stateCodes.js';

/** A phone as the marketplaces write it ("(+1)5125550132") in the checkout's form: its digits, with + when it had one. */
const phoneOf = (raw: string) => `${raw.includes('+') ? '+' : ''}${raw.replace(/\D/g, '')}`;

/**
 * What a marketplace order means for ours (docs/market-orders.md#our-order): once the buyer has paid and the marketplace
 * waits for the shipment, it becomes our order of its lines' bound variants, to the buyer's address; paid from the
 * wallet when the shop says so and the balance covers it. A buyer's cancel before production cancels ours and refunds;
 * after production began it is flagged for the seller. Each step is idempotent: settling a row twice changes nothing.
 */
export function createSettling(deps: {
  db: Kysely<Database>;
  orders: Pick<OrderService, 'createForMarketplace' | 'pay' | 'cancel'>;
  orderById: OrderQueries['orderById'];
  callerOf: (accountId: number) => Promise<Caller | undefined>;
  bindings: Pick<SkuBindingRepo, 'forOrderLines'>;
  variants: Pick<OrderedUnitsQueries, 'orderableVariants'>;
  now: () => number;
  log: { warn(obj: object, msg: string): void };
}) {
  const { now } = deps;
  const q = marketOrderQueries(deps.db);
  async function except(row: MarketOrderRow, key: MessageKey | '', params: Record<string, string | number> = {}): Promise<void> {
    await q.update(row.id, { exception: key, exception_params: JSON.stringify(params), updated_at: now() });
  }

  /** Settles one row as the marketplace last told it; `mode` is the shop's. */
  async function settle(row: MarketOrderRow, mode: 'review' | 'auto'): Promise<void> {
    if (row.state === 'awaitingShipment' && row.order_id === 0) return make(row, mode);
    if (row.state === 'cancelled' && row.order_id > 0) return cancelOurs(row);
  }

  async function make(row: MarketOrderRow, mode: 'review' | 'auto') {
    const order = parseJsonColumn<MarketOrder | null>(row.body, null);
    if (!order || order.lines.length === 0) return;
    const found = await deps.bindings.forOrderLines(
      row.store_id,
      order.lines.map((l) => l.remoteSkuId),
      order.lines.map((l) => l.sellerSku),
    );
    // A line's binding: by the remote SKU id, else by the seller SKU it was published with, else one made by hand for A.
    const keyOf = (l: MarketOrder['lines'][number]) =>
      (
        found.find((b) => b.remote_sku_id === l.remoteSkuId && l.remoteSkuId) ??
        found.find((b) => b.seller_sku === l.sellerSku && l.sellerSku) ??
        found.find((b) => b.remote_sku_id === l.sellerSku && l.sellerSku)
      )?.key_id;
    const unbound = order.lines.filter((l) => !keyOf(l));
    const skuNames = (lines: MarketOrder['lines']) => lines.map((l) => l.sellerSku || l.remoteSkuId).join(', ');
    if (unbound.length) return except(row, 'marketSkuUnbound', { skus: skuNames(unbound) });
    const variants = new Map((await deps.variants.orderableVariants(order.lines.map((l) => keyOf(l)!))).map((v) => [v.key_id, v]));
    const gone = order.lines.filter((l) => variants.get(keyOf(l)!)?.owner_id !== row.owner_id);
    if (gone.length) return except(row, 'marketVariantGone', { skus: skuNames(gone) });

    const r = order.recipient;
    const candidate = {
      recipient: r.name,
      phone: phoneOf(r.phone),
      country: r.country,
      province: provinceFor(r.country, r.province),
      city: r.city,
      address1: r.address1,
      address2: r.address2,
      postcode: r.postcode,
    };
    // The checkout's own rules: an address the factory could not take waits with the field named.
    const checked = orderAddress.safeParse(candidate);
    if (!checked.success)
      return except(row, 'marketAddressRefused', { reason: checked.error.issues.map((i) => i.path.join('.')).join(', ') });
    const address: OrderAddress = checked.data;
    const lines = order.lines.map((l) => {
      const v = variants.get(keyOf(l)!)!;
      return {
        product_id: v.product_id,
        attr_id: v.sku_id,
        num: l.quantity,
        extends: v.own ?? v.extends,
        img_urls: v.img_urls,
        finished_attr_id: v.attr_id,
      };
    });
    let placed;
    try {
      placed = await deps.orders.createForMarketplace(
        { ownerId: row.owner_id, storeId: row.store_id, lines, address, lang: 'zh' },
        (trx, orderId) => marketOrderQueries(trx).claim(row.id, orderId, now()),
      );
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      // The address cannot be shipped to, or a blank is gone: the seller hears it with the reason.
      return except(row, 'marketAddressRefused', { reason: e.key });
    }
    if (!placed || mode !== 'auto') return;
    const caller = await deps.callerOf(row.owner_id);
    if (!caller) return;
    try {
      await deps.orders.pay(caller, placed.id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      await except(row, 'marketAwaitingFunds');
    }
  }

  async function cancelOurs(row: MarketOrderRow) {
    const ours = await deps.orderById(row.order_id);
    if (!ours || ours.status === ORDER_STATUS.cancelled) return;
    const caller = await deps.callerOf(row.owner_id);
    if (caller && (ours.status === ORDER_STATUS.pendingPayment || ours.status === ORDER_STATUS.paid)) {
      try {
        await deps.orders.cancel(caller, ours.id);
        return except(row, '');
      } catch (e) {
        // Production began at the factory meanwhile: flagged below.
        if (!(e instanceof AppError)) throw e;
      }
    }
    if (row.exception !== 'marketBuyerCancelled') await except(row, 'marketBuyerCancelled');
  }

  return { settle };
}
export type Settling = ReturnType<typeof createSettling>;
