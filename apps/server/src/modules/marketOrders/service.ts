import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { PUBLISH_PLATFORMS, type ParsedBodyOf, type routes } from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { ExchangeRates } from '../priceTemplates/index.js';
import type { ShopRepo } from '../shops/index.js';
import { marketOrderQueries, type MarketOrderRow } from './repo.js';
import type { Settling } from './settle.js';
import type { MarketOrderSync } from './sync.js';

/** The fee rate is kept as a fraction; the seller gives and reads a percentage with at most two decimals. */
const PERCENT = /^\d{1,2}(\.\d{1,2})?$/;
const MAX_FEE_PERCENT = 50;

const view = (r: MarketOrderRow) => ({
  id: r.id,
  store_id: r.store_id,
  platform: r.platform,
  remote_order_id: r.remote_order_id,
  remote_status: r.remote_status,
  currency: r.currency,
  buyer_paid: r.buyer_paid,
  exception: r.exception,
  exception_params: parseJsonColumn<Record<string, string | number>>(r.exception_params, {}),
  ship_state: r.ship_state,
  createtime: Math.floor(r.remote_created_at / 1000),
  recipient: r.recipient,
  order_id: r.order_id,
});
export type MarketOrderView = ReturnType<typeof view>;

/**
 * The seller's side of marketplace orders (docs/market-orders.md): each shop's order settings, an import on demand,
 * the orders no order could be made of, their retry, and the marketplace's side and profit of our orders.
 */
export function createMarketOrderService(deps: {
  db: Kysely<Database>;
  shops: Pick<ShopRepo, 'inScope'>;
  sync: Pick<MarketOrderSync, 'kick' | 'shipped'>;
  settling: Settling;
  rates: Pick<ExchangeRates, 'inEffect'>;
  /** Whether the shops of a marketplace get its webhooks (B, with a public address). */
  pushes: (platform: number) => boolean;
  orderById: (id: number) => Promise<{ id: number; owner_id: number; store_id: number; orders_type: number } | undefined>;
  now: () => number;
}) {
  const q = marketOrderQueries(deps.db);

  async function shopOf(caller: Caller, storeId: number) {
    const shop = await deps.shops.inScope(caller.scope, storeId);
    if (!shop) throw new AppError(404, 'marketShopNotFound');
    if (!(PUBLISH_PLATFORMS as readonly number[]).includes(shop.platform)) throw new AppError(400, 'marketShopNotMarketplace');
    return shop;
  }

  async function settingsOf(storeId: number, platform: number) {
    const s = await q.shop(storeId);
    return {
      store_id: storeId,
      order_mode: s.order_mode,
      fee_percent: new Decimal(s.fee_rate).times(100).toString(),
      pulled_at: Math.floor(s.pulled_at / 1000),
      pull_error: s.pull_error,
      webhook: deps.pushes(platform) && s.webhook_address !== '',
    };
  }

  async function settings(caller: Caller, storeId: number) {
    const shop = await shopOf(caller, storeId);
    return settingsOf(shop.id, shop.platform);
  }

  async function saveSettings(caller: Caller, body: ParsedBodyOf<typeof routes.marketShopSettingsSave>) {
    const shop = await shopOf(caller, body.store_id);
    if (!PERCENT.test(body.fee_percent) || Number(body.fee_percent) > MAX_FEE_PERCENT) throw new AppError(400, 'marketFeeRateInvalid');
    await q.shop(shop.id);
    await q.setShop(shop.id, { order_mode: body.order_mode, fee_rate: new Decimal(body.fee_percent).dividedBy(100).toString() });
    return settingsOf(shop.id, shop.platform);
  }

  async function syncNow(caller: Caller, storeId: number) {
    const shop = await shopOf(caller, storeId);
    await q.shop(shop.id);
    // Due now: the next timer tick queues the pull; the kick reads what webhooks marked meanwhile.
    await q.setShop(shop.id, { next_pull_at: 0 });
    await deps.sync.kick(shop.id, shop.owner_id);
    return { store_id: shop.id, queued: true };
  }

  async function exceptions(caller: Caller, storeId: number | undefined) {
    const [rows, count] = await Promise.all([q.exceptions(caller.scope, storeId, 200), q.exceptionCount(caller.scope, storeId)]);
    return { count, list: rows.map(view) };
  }

  /** Makes the order again (a binding added), or sends the tracking again (a refusal put right). */
  async function retry(caller: Caller, id: number) {
    const row = await q.inScope(caller.scope, id);
    if (!row) throw new AppError(404, 'marketOrderNotFound');
    if (row.order_id === 0 && row.exception) {
      const mode = (await q.shop(row.store_id)).order_mode;
      await deps.settling.settle(row, mode);
    } else if (row.ship_state === 'refused') {
      const ours = await deps.orderById(row.order_id);
      if (!ours) throw new AppError(404, 'marketOrderNotFound');
      await q.update(row.id, { ship_state: '', exception: '', exception_params: '{}', updated_at: deps.now() });
      await deps.sync.shipped(ours);
    } else throw new AppError(409, 'marketOrderNothingToRetry');
    return view((await q.byId(id))!);
  }

  /**
   * The marketplace side and profit of these orders of ours (docs/market-orders.md#profit): what the buyer paid, at
   * today's operator rate, less our order's total and the shop's fee on what the buyer paid. No rate: no profit.
   */
  async function sideOf(orders: { id: number; total: string; orders_type: number }[]) {
    const market = orders.filter((o) => o.orders_type === 2);
    const out = new Map<number, { market: MarketOrderView; profit: ProfitView | null }>();
    if (market.length === 0) return out;
    const rows = await q.ofOrders(market.map((o) => o.id));
    const [shops, rates] = await Promise.all([q.shops([...new Set(rows.map((r) => r.store_id))]), deps.rates.inEffect()]);
    const feeOf = new Map(shops.map((s) => [s.store_id, new Decimal(s.fee_rate)]));
    const rateOf = new Map(rates.map((r) => [r.currency, r]));
    const totalOf = new Map(market.map((o) => [o.id, o.total]));
    for (const r of rows) {
      const rate = r.currency === 'CNY' ? { cny_per_unit: 1, valid_from: '' } : rateOf.get(r.currency);
      let profit: ProfitView | null = null;
      if (rate) {
        const paid = new Decimal(r.buyer_paid).times(String(rate.cny_per_unit));
        const fee = paid.times(feeOf.get(r.store_id) ?? 0);
        const cost = new Decimal(totalOf.get(r.order_id) ?? '0');
        profit = {
          buyer_paid_cny: paid.toFixed(2),
          fee_cny: fee.toFixed(2),
          cost_cny: cost.toFixed(2),
          profit_cny: paid.minus(fee).minus(cost).toFixed(2),
          rate: String(rate.cny_per_unit),
          rate_day: rate.valid_from,
        };
      }
      out.set(r.order_id, { market: view(r), profit });
    }
    return out;
  }

  return { settings, saveSettings, syncNow, exceptions, retry, sideOf };
}
interface ProfitView {
  buyer_paid_cny: string;
  fee_cny: string;
  cost_cny: string;
  profit_cny: string;
  rate: string;
  rate_day: string;
}
export type MarketOrderService = ReturnType<typeof createMarketOrderService>;
