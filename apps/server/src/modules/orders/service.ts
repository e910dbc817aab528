import { randomInt } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import {
  ORDER_STATUS,
  type DataOf,
  type Lang,
  type OrderAddress,
  type OrderListQuery,
  type ParsedBodyOf,
  type routes,
} from '@app/contract';
import type { Database } from '../../db/schema.js';
import type { DialectName } from '../../db/dialect.js';
import { parseJsonColumn } from '../../db/json.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { AccountRepo } from '../accounts/index.js';
import type { CartLineForOrder } from '../cart/index.js';
import type { CatalogueRepo } from '../catalogue/index.js';
import type { OrderedUnitsQueries } from '../finished/index.js';
import { isUniqueViolation } from '../../db/text.js';
import { BILL_TYPE, moneyTransaction, WalletRace, walletOf, type WalletQueries } from '../wallet/index.js';
import { orderQueries, type OrderRecord } from './repo.js';
import type { Production } from './production.js';
import type { Shipping } from './shipping.js';

/** What orders need of other modules, each bound to the order's transaction (docs/domain.md#table-owners). */
export interface OrderDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  shipping: Shipping;
  accounts: Pick<AccountRepo, 'namesByIds'>;
  cart: (trx: Kysely<Database>, scope: Caller['scope'], ids: number[]) => Promise<CartLineForOrder[]>;
  blanks: (trx: Kysely<Database>) => Pick<CatalogueRepo, 'productNames' | 'skusById' | 'blankWeights'>;
  finished: (trx: Kysely<Database>) => OrderedUnitsQueries;
  wallet: (trx: Kysely<Database>) => WalletQueries;
  /** Production at the factory (production.ts): started when an order is paid, asked before a paid one is cancelled. */
  production: Pick<Production, 'start' | 'withdraw' | 'retry'>;
  /** The marketplace side and profit of marketplace buyers' orders (the market orders module's; none: null). */
  marketSide?: (orders: { id: number; total: string; orders_type: number }[]) => Promise<Map<number, MarketSide>>;
  /** Marketplace orders of these accounts no order could be made of yet (the exceptions tab counts them too). */
  marketHeld?: (ownerIds: number[], storeId: number | undefined) => Promise<number>;
  now: () => number;
}

/** What the market orders module adds to one of our orders (contract orderSummary's market and profit). */
export interface MarketSide {
  market: NonNullable<OrderSummary['market']>;
  profit: OrderSummary['profit'];
}

type OrderSummary = DataOf<typeof routes.orderList>['list'][number];

/** Another run made the marketplace order ours first: the transaction is rolled back. */
class AlreadyMade extends Error {}

/** An order number: the day and eight random digits (unguessable enough to be said on the phone, never an id). */
const orderNumber = (at: number) =>
  `${new Date(at).toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(1e8)).padStart(8, '0')}`;

/**
 * Orders (docs/orders.md): checkout takes cart lines into an order at today's prices; payment moves the money
 * from the wallet and the order to 待生产 in one transaction; a cancel before production refunds. Every
 * change of status is kept in the order's history.
 */
export function createOrderService(deps: OrderDeps) {
  const { db, shipping, now } = deps;
  const q = orderQueries(db);
  // Checkout, payment and cancel each run as one transaction, again when they lose a race (moneyTransaction);
  // a checkout also when its random order number was taken.
  const inTransaction = <T>(fn: (trx: Kysely<Database>) => Promise<T>) => moneyTransaction(db, fn, isUniqueViolation);

  /** The lines an order is made of, as the cart keeps them (a marketplace order's are built the same way). */
  type OrderLineSource = Omit<CartLineForOrder, 'id'>;

  /**
   * Makes an order of these lines in `trx` (prices today's, the lines copied), to `address` by the method asked, or
   * the cheapest one to the country when none is. Answers its id and amounts.
   */
  async function place(
    trx: Kysely<Database>,
    ownerId: number,
    taken: OrderLineSource[],
    address: OrderAddress,
    methodId: string | undefined,
    lang: Lang,
    source: { orders_type: 1 | 2; store_id: number } = { orders_type: 1, store_id: 0 },
  ) {
    const blanks = deps.blanks(trx);
    const [names, skus, weights] = await Promise.all([
      blanks.productNames(taken.map((l) => l.product_id)),
      blanks.skusById(taken.map((l) => l.attr_id)),
      blanks.blankWeights(taken.map((l) => l.product_id)),
    ]);
    for (const l of taken)
      if (!names.has(l.product_id) || !skus.has(l.attr_id))
        throw new AppError(400, 'orderCartItemUnavailable', { name: names.get(l.product_id) ?? '—' });
    // Prices in whole cents, as each line keeps them: the lines always add up to the order.
    const unitPrice = (l: OrderLineSource) => new Decimal(skus.get(l.attr_id)!.price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const grams = taken.reduce((g, l) => g + l.num * (weights.get(l.product_id) ?? 0), 0);
    const method =
      methodId === undefined ? shipping.methods(address.country, grams, lang)[0] : shipping.method(address.country, grams, methodId, lang);
    if (!method) throw new AppError(400, 'orderCountryNotShipped', { country: address.country });
    const items = taken.reduce((sum, l) => sum.plus(unitPrice(l).times(l.num)), new Decimal(0));
    const total = items.plus(method.price);
    const keys = await deps.finished(trx).variantKeys(taken.map((l) => l.finished_attr_id));
    const at = now();
    const orderNo = orderNumber(at);
    const t = orderQueries(trx);
    const id = await t.insertOrder({
      owner_id: ownerId,
      order_no: orderNo,
      status: ORDER_STATUS.pendingPayment,
      orders_type: source.orders_type,
      store_id: source.store_id,
      items_amount: items.toFixed(2),
      shipping_amount: new Decimal(method.price).toFixed(2),
      total: total.toFixed(2),
      address: JSON.stringify(address),
      recipient: address.recipient,
      shipping_method: method.id,
      shipping_name: method.name,
      shipping_days: method.days,
      created_at: at,
      updated_at: at,
    });
    await t.insertLines(
      taken.map((l) => {
        const sku = skus.get(l.attr_id)!;
        const key = keys.get(l.finished_attr_id);
        return {
          order_id: id,
          finished_id: key?.finished_id ?? 0,
          key_id: key?.key_id ?? '',
          product_id: l.product_id,
          sku_id: l.attr_id,
          product_name: names.get(l.product_id)!,
          color: sku.color,
          size: sku.size,
          price: unitPrice(l).toFixed(2),
          num: l.num,
          design: l.extends,
          img_urls: l.img_urls,
        };
      }),
    );
    await t.addHistory(id, ORDER_STATUS.pendingPayment, at);
    return {
      id,
      order_no: orderNo,
      items_amount: items.toFixed(2),
      shipping_amount: new Decimal(method.price).toFixed(2),
      total: total.toFixed(2),
    };
  }

  async function create(caller: Caller, body: ParsedBodyOf<typeof routes.orderCreate>, lang: Lang) {
    const ids = body.cart_ids;
    const address: OrderAddress = body.address;
    return inTransaction(async (trx) => {
      const taken = await deps.cart(trx, caller.scope, ids);
      // One line outside the caller's cart, or gone meanwhile (checked out in another tab): nothing is ordered.
      if (taken.length !== ids.length) throw new AppError(404, 'orderCartItemsGone', { count: ids.length - taken.length });
      const placed = await place(trx, caller.id, taken, address, body.shipping_method, lang);
      await orderQueries(trx).rememberAddress(caller.id, address, now());
      return placed;
    });
  }

  /**
   * A marketplace buyer's order made ours (docs/market-orders.md#our-order), in one transaction with `claim`, which
   * records it on the marketplace order: when the claim finds another run made it first, nothing is made.
   */
  async function createForMarketplace(
    input: { ownerId: number; storeId: number; lines: OrderLineSource[]; address: OrderAddress; lang: Lang },
    claim: (trx: Kysely<Database>, orderId: number) => Promise<boolean>,
  ) {
    return inTransaction(async (trx) => {
      const placed = await place(trx, input.ownerId, input.lines, input.address, undefined, input.lang, {
        orders_type: 2,
        store_id: input.storeId,
      });
      if (!(await claim(trx, placed.id))) throw new AlreadyMade();
      return placed;
    }).catch((e: unknown) => {
      if (e instanceof AlreadyMade) return undefined;
      throw e;
    });
  }

  /** The order in the caller's scope, or "not found". */
  async function owned(t: ReturnType<typeof orderQueries>, caller: Caller, id: number): Promise<OrderRecord> {
    const order = await t.byId(caller.scope.accountIds, id);
    if (!order) throw new AppError(404, 'orderNotFound');
    return order;
  }

  const lock = deps.dialect === 'postgres';

  async function pay(caller: Caller, id: number) {
    const paid = await inTransaction(async (trx) => {
      const t = orderQueries(trx);
      const order = await owned(t, caller, id);
      // Only a pending order is paid, once: a second payment finds it paid (the status moves first, under its row's lock).
      if (!(await t.setStatus(id, [ORDER_STATUS.pendingPayment], ORDER_STATUS.paid, now())))
        throw new AppError(409, 'orderNotPending', { order_no: order.order_no });
      const at = now();
      const balance = await deps.wallet(trx).move(
        {
          walletId: walletOf(caller),
          accountId: caller.id,
          officeId: caller.officeId ?? 0,
          type: BILL_TYPE.orderPayment,
          amount: new Decimal(order.total).negated(),
          orderNo: order.order_no,
          ref: order.order_no,
          at,
        },
        lock,
      );
      const units = await t.unitsOf(id);
      await deps.finished(trx).addOrderedUnits(units.map((l) => ({ finishedId: l.finished_id, units: l.num })));
      await t.addHistory(id, ORDER_STATUS.paid, at);
      return { id, status: ORDER_STATUS.paid, balance: balance.toFixed(2), owner_id: order.owner_id };
    });
    // After the commit: a job lost here (the process ends) is queued again when jobs start (production.ts recover).
    await deps.production.start({ id, owner_id: paid.owner_id });
    return { id: paid.id, status: paid.status, balance: paid.balance };
  }

  /** An order the factory refused, sent again once the seller has put the cause right. */
  async function retryProduction(caller: Caller, id: number) {
    const order = await owned(q, caller, id);
    if (!order.exception || order.status !== ORDER_STATUS.paid) throw new AppError(409, 'orderNotHeld', { order_no: order.order_no });
    await deps.production.retry(order);
    return { id, status: order.status };
  }

  async function cancel(caller: Caller, id: number) {
    // A paid order the factory has is withdrawn there first: once it has begun printing, it stays.
    const before = await owned(q, caller, id);
    if (before.status === ORDER_STATUS.paid && !(await deps.production.withdraw(before)))
      throw new AppError(409, 'orderCannotCancel', { order_no: before.order_no });
    return inTransaction(async (trx) => {
      const t = orderQueries(trx);
      const order = await owned(t, caller, id);
      if (order.status === ORDER_STATUS.cancelled) throw new AppError(409, 'orderAlreadyCancelled', { order_no: order.order_no });
      const cancellable: number[] = [ORDER_STATUS.pendingPayment, ORDER_STATUS.paid];
      if (!cancellable.includes(order.status)) throw new AppError(409, 'orderCannotCancel', { order_no: order.order_no });
      // It changed since it was read (paid, or cancelled, at the same moment): run again and decide on what it is now.
      if (!(await t.setStatus(id, [order.status], ORDER_STATUS.cancelled, now()))) throw new WalletRace();
      const at = now();
      let refunded = new Decimal(0);
      if (order.status === ORDER_STATUS.paid) {
        // Paid: the money goes back at once to the wallet it came from, as the account that paid it, and the units
        // stop counting as ordered.
        refunded = new Decimal(order.total);
        const payment = await deps.wallet(trx).payerOf(order.order_no);
        await deps.wallet(trx).move(
          {
            walletId: payment?.wallet_id ?? walletOf(caller),
            accountId: payment?.account_id ?? caller.id,
            officeId: caller.officeId ?? 0,
            type: BILL_TYPE.refund,
            amount: refunded,
            orderNo: order.order_no,
            ref: order.order_no,
            at,
          },
          lock,
        );
        const units = await t.unitsOf(id);
        await deps.finished(trx).addOrderedUnits(units.map((l) => ({ finishedId: l.finished_id, units: -l.num })));
      }
      await t.addHistory(id, ORDER_STATUS.cancelled, at);
      return { id, status: ORDER_STATUS.cancelled, refunded: refunded.toFixed(2) };
    });
  }

  async function list(caller: Caller, query: OrderListQuery) {
    const ownerIds = await accountsOf(caller, query.userids, query.office_id);
    const { pageNumber, pageSize, userids: _u, office_id: _o, ...filter } = query;
    const { rows, count, perStatus, held } = await q.page({ ...filter, ownerIds }, pageSize, (pageNumber - 1) * pageSize);
    const [summaries, names, sides] = await Promise.all([
      q.lineSummaries(rows.map((r) => r.id)),
      deps.accounts.namesByIds(ownerIds),
      sidesOf(rows),
    ]);
    const counts: Record<string, number> = {};
    for (const s of perStatus) counts[String(s.status)] = s.n;
    // The exceptions tab also lists marketplace orders no order could be made of (an unbound SKU).
    counts.exception = held + ((await deps.marketHeld?.(ownerIds, query.store_id)) ?? 0);
    return {
      count,
      counts,
      list: rows.map((r) => summaryOf(r, summaries.get(r.id) ?? { units: 0, img_urls: '[]' }, names, sides)),
    };
  }

  /** The accounts whose orders a list shows: the caller's scope, narrowed to `userids` (0: the caller) and to an office. */
  async function accountsOf(caller: Caller, userids: string | undefined, officeId: number | undefined): Promise<number[]> {
    let ids = [...caller.scope.accountIds];
    if (userids) {
      const wanted = new Set(userids.split(',').map((u) => (Number(u) === 0 ? caller.id : Number(u))));
      ids = ids.filter((i) => wanted.has(i));
    }
    if (officeId !== undefined) {
      const names = await deps.accounts.namesByIds(ids);
      ids = ids.filter((i) => names.get(i)?.office_id === officeId);
    }
    return ids;
  }

  const sidesOf = (rows: OrderRecord[]) => deps.marketSide?.(rows) ?? Promise.resolve(new Map<number, MarketSide>());

  function summaryOf(
    r: OrderRecord,
    lines: { units: number; img_urls: string },
    names: Map<number, { username: string }>,
    sides: Map<number, MarketSide>,
  ) {
    const address = parseJsonColumn<Partial<OrderAddress>>(r.address, {});
    return {
      id: r.id,
      order_no: r.order_no,
      status: r.status,
      orders_type: r.orders_type,
      store_id: r.store_id,
      owner_id: r.owner_id,
      username: names.get(r.owner_id)?.username ?? '',
      recipient: r.recipient,
      country: address.country ?? '',
      units: lines.units,
      items_amount: r.items_amount,
      shipping_amount: r.shipping_amount,
      total: r.total,
      createtime: Math.floor(r.created_at / 1000),
      thumb: parseJsonColumn<string[]>(lines.img_urls, [])[0] ?? '',
      exception: r.exception,
      exception_detail: r.exception_detail,
      market: sides.get(r.id)?.market ?? null,
      profit: sides.get(r.id)?.profit ?? null,
    };
  }

  async function detail(caller: Caller, id: number) {
    const order = await owned(q, caller, id);
    const [lines, history, names, sides] = await Promise.all([
      q.lines([id]),
      q.history(id),
      deps.accounts.namesByIds([order.owner_id]),
      sidesOf([order]),
    ]);
    return {
      ...summaryOf(order, { units: lines.reduce((n, l) => n + l.num, 0), img_urls: lines[0]?.img_urls ?? '[]' }, names, sides),
      lines: lines.map((l) => ({
        id: l.id,
        finished_id: l.finished_id,
        key_id: l.key_id,
        product_id: l.product_id,
        sku_id: l.sku_id,
        product_name: l.product_name,
        color: l.color,
        size: l.size,
        price: l.price,
        num: l.num,
        line_total: new Decimal(l.price).times(l.num).toFixed(2),
        img_urls: parseJsonColumn<string[]>(l.img_urls, []),
      })),
      address: parseJsonColumn<OrderAddress>(order.address, {} as OrderAddress),
      shipping_method: { id: order.shipping_method, name: order.shipping_name, days: order.shipping_days },
      history: history.map((h) => ({ status: h.status, time: Math.floor(h.created_at / 1000), note: h.note })),
      carrier: order.carrier,
      tracking_no: order.tracking_no,
      tracking_url: order.tracking_url,
      production_state: order.production_state,
    };
  }

  async function addresses(caller: Caller) {
    const rows = await q.addresses(caller.id, 20);
    return {
      list: rows.map((a) => ({
        id: a.id,
        recipient: a.recipient,
        phone: a.phone,
        country: a.country,
        province: a.province,
        city: a.city,
        address1: a.address1,
        address2: a.address2,
        postcode: a.postcode,
        used_at: Math.floor(a.used_at / 1000),
      })),
    };
  }

  return {
    create,
    createForMarketplace,
    pay,
    retryProduction,
    cancel,
    list,
    detail,
    addresses,
    methods: (country: string, grams: number, lang: Lang) => ({ list: shipping.methods(country, grams, lang) }),
    countries: () => ({ list: shipping.countries() }),
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
