import { ORDER_STATUS, routes, STATE_CODE_COUNTRIES, type MessageKey, type OrderAddress } from '@app/contract';
import { parseDesign } from '@app/design';
import type { Kysely } from 'kysely';
import type { Composer } from '../../compose/composer.js';
import { blobKeyOfUrl } from '../../compose/blobUrls.js';
import { parseJsonColumn } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import { signLink } from '../../http/signedLink.js';
import { JobFailure, type JobContext, type JobKind, type JobQueue } from '../../jobs/queue.js';
import type { Logger } from 'pino';
import type { Signer } from '../../secrets/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import { composeSpecOf } from '../design/index.js';
import { FulfilmentError, type FulfilmentOrder, type FulfilmentProvider, type FulfilmentState } from '../fulfilment/index.js';
import { FACTORY_WEBHOOK_PATH } from './productionPaths.js';
import { orderQueries, type OrderRecord } from './repo.js';

export const PRODUCTION_JOB = 'order-production';
/** How long the factory may fetch a print file by its link: it fetches at once, and again on a retry of ours. */
const PRINT_LINK_MS = 24 * 3600_000;
/** An order in production not heard of for this long is asked about (its webhook may have been lost). */
export const POLL_AFTER_MS = 2 * 60_000;
/** Orders asked about per poll. */
const POLL_BATCH = 100;

/** A print file sent for an order line: what the factory fetches, and its size as declared. */
export interface PrintFile {
  placement: string;
  key: string;
  width: number;
  height: number;
}

/** The factory's refusal codes, in the seller's words (docs/orders.md#production). */
const REFUSALS: Record<string, MessageKey> = {
  file_unreachable: 'productionFileUnreachable',
  file_type: 'productionFileType',
  file_size_mismatch: 'productionFileSize',
  other: 'productionRefused',
};

/** The factory's shipping services by our method (docs/orders.md#shipping). */
const SERVICE: Record<string, FulfilmentOrder['shipping']> = { express: 'EXPRESS' };

/**
 * Production through the print factory (docs/orders.md#production): the order-paid job composes each line's
 * prints from the design kept with it, hands the order to the factory with short-lived links to them, and our
 * order follows what the factory tells us (a signed webhook, or a poll when one is lost): 生产中, 已发货 with
 * tracking, 已完成. A refusal puts the order in the exceptions list with the reason; the seller retries.
 */
export function createProduction(deps: {
  db: Kysely<Database>;
  /** The factory, or undefined when none is configured (then a paid order waits, and says so in the log). */
  provider: () => FulfilmentProvider | undefined;
  composer: Pick<Composer, 'product'>;
  catalogue: Pick<CatalogueService, 'product'>;
  signer: Signer;
  queue: Pick<JobQueue, 'enqueue'>;
  /** The address the factory reaches us at (PUBLIC_URL), read when needed: a test learns its port late. */
  publicUrl: () => string;
  /** Told of an order the factory shipped (a marketplace buyer's hears the tracking: the market orders module). */
  shipped?: (order: OrderRecord) => Promise<void>;
  now: () => number;
  log: Pick<Logger, 'warn' | 'info'>;
}) {
  const { db, now, log } = deps;
  const q = orderQueries(db);
  const factory = () => {
    const p = deps.provider();
    if (!p) throw new FulfilmentError('unavailable', 'no print factory is configured (FACTORY_URL)');
    return p;
  };

  /** Queues the order's production job; without a factory the order waits paid (nothing would take it). */
  const start = async (order: Pick<OrderRecord, 'id' | 'owner_id'>) => {
    if (!deps.provider()) return log.warn({ order_id: order.id }, 'paid order not sent to production: no factory is configured');
    await deps.queue.enqueue({ kind: PRODUCTION_JOB, ownerId: order.owner_id, payload: { order_id: order.id }, maxAttempts: 5 });
  };

  /** Points the factory's webhook at us (the in-process sandbox; a real factory's is set up once, by hand). */
  async function connect() {
    await factory().registerWebhook(deps.publicUrl() + FACTORY_WEBHOOK_PATH);
  }

  /** A line's prints, composed from the design it was ordered with. */
  async function printsOf(line: { product_id: number; design: string }): Promise<PrintFile[]> {
    const product = await deps.catalogue.product(line.product_id);
    if (!product) throw new JobFailure('productionNoPrint', `blank ${line.product_id} is gone`);
    let design;
    try {
      design = parseDesign(JSON.parse(line.design));
    } catch {
      throw new JobFailure('productionNoPrint', 'the design kept with the line cannot be read');
    }
    const spec = composeSpecOf(product);
    const out = await deps.composer.product({ kind: 'product', design, spec, colors: [], thumbs: false });
    if (!out.ok) throw new JobFailure(out.key, out.detail);
    const files: PrintFile[] = [];
    for (const area of spec.areas) {
      const url = out.value.prints[area.id];
      const key = url ? blobKeyOfUrl(url) : undefined;
      if (key) files.push({ placement: area.id, key, width: area.print.width, height: area.print.height });
    }
    if (files.length === 0) throw new JobFailure('productionNoPrint', 'no design area has content');
    return files;
  }

  /** The factory's link to one print file of an order (a signed address only that file answers to). */
  const linkOf = (order: OrderRecord, key: string) =>
    deps.publicUrl() +
    signLink(deps.signer, { path: routes.productionPrintFile.path, query: { order: order.id, key } }, order.owner_id, PRINT_LINK_MS, now())
      .url;

  /** Puts the order in the exceptions list (it stays 待生产) with the reason in the seller's words. */
  async function except(orderId: number, key: MessageKey, detail: string) {
    await q.updateProduction(orderId, { exception: key, exception_detail: detail.slice(0, 500), updated_at: now() });
    log.warn({ order_id: orderId, reason: key, detail }, 'order held: the factory refused it');
  }

  /** The job: idempotent, as the factory answers a known reference with the order it already has. */
  async function run(job: JobContext) {
    const orderId = (job.payload as { order_id: number }).order_id;
    const order = await q.orderById(orderId);
    if (!order || order.status !== ORDER_STATUS.paid || order.exception || order.factory_order_id)
      return { order_id: orderId, skipped: true };
    const ref = order.factory_ref || order.order_no;
    const address = parseJsonColumn<OrderAddress>(order.address, {} as OrderAddress);
    const lines = await q.lines([order.id]);
    let prints: Map<number, PrintFile[]>;
    try {
      prints = new Map(await Promise.all(lines.map(async (l) => [l.id, await printsOf(l)] as const)));
    } catch (e) {
      if (!(e instanceof JobFailure)) throw e;
      await except(order.id, e.key === 'productionNoPrint' ? e.key : 'productionNoPrint', e.message);
      return { order_id: orderId, held: e.key };
    }
    for (const [lineId, files] of prints) await q.setPrintFiles(lineId, JSON.stringify(files));
    const body: FulfilmentOrder = {
      orderNumber: ref,
      shipping: SERVICE[order.shipping_method] ?? 'STANDARD',
      recipient: {
        name: address.recipient,
        phone: address.phone,
        address1: address.address1,
        address2: address.address2 || undefined,
        city: address.city,
        // The province of a country whose addresses need a state is its code (docs/orders.md#addresses).
        stateCode: (STATE_CODE_COUNTRIES as readonly string[]).includes(address.country) ? address.province.toUpperCase() : undefined,
        countryCode: address.country,
        zip: address.postcode,
      },
      lines: lines.map((l) => ({
        lineId: String(l.id),
        sku: `${l.product_id}-${l.sku_id}`,
        quantity: l.num,
        files: prints.get(l.id)!.map((f) => ({ placement: f.placement, url: linkOf(order, f.key), widthPx: f.width, heightPx: f.height })),
      })),
    };
    try {
      const placed = await factory().submit(body);
      await q.updateProduction(order.id, {
        factory_ref: ref,
        factory_order_id: placed.factoryOrderId,
        production_state: placed.status,
        updated_at: now(),
      });
      return { order_id: orderId, factory_order_id: placed.factoryOrderId };
    } catch (e) {
      // The factory refused the order as sent (a field, the same reference with other contents): a retry would
      // be refused the same, so the seller hears of it now.
      if (e instanceof FulfilmentError && (e.kind === 'invalid' || e.kind === 'conflict')) {
        await except(order.id, 'productionRefused', e.message);
        return { order_id: orderId, held: 'productionRefused' };
      }
      throw e;
    }
  }

  /**
   * What the factory says of an order, from a webhook or a poll: applied in status order only (changes may
   * arrive out of order or twice; each moves the order forward once, and its history records each step).
   */
  async function apply(state: FulfilmentState): Promise<boolean> {
    const order = await q.orderByFactoryRef(state.orderNumber);
    // Unknown, or a reference of an earlier attempt (refused, then retried under a new one): nothing to do.
    if (!order || order.factory_ref !== state.orderNumber) return false;
    const at = now();
    if (state.status === 'refused' || state.status === 'canceled') {
      if (order.status !== ORDER_STATUS.paid || order.exception) return false;
      const key =
        state.status === 'canceled' ? 'productionCanceledByFactory' : (REFUSALS[state.failure?.code ?? 'other'] ?? 'productionRefused');
      await q.updateProduction(order.id, { production_state: state.status, factory_order_id: state.factoryOrderId });
      await except(order.id, key, state.failure?.message ?? '');
      return true;
    }
    const target =
      state.status === 'in_production' || state.status === 'on_hold'
        ? ORDER_STATUS.inProduction
        : state.status === 'shipped'
          ? ORDER_STATUS.shipped
          : state.status === 'delivered'
            ? ORDER_STATUS.completed
            : ORDER_STATUS.paid;
    const shipment = state.shipments[0];
    const moved = await db.transaction().execute(async (trx) => {
      const t = orderQueries(trx);
      let moved = false;
      // Each step between the order's status and the factory's, in order: a lost "in production" still shows.
      for (let s: number = ORDER_STATUS.inProduction; s <= target; s++) {
        if (!(await t.setStatus(order.id, [s - 1], s, at))) continue;
        await t.addHistory(order.id, s, at);
        moved = true;
      }
      await t.updateProduction(order.id, {
        production_state: state.status,
        factory_order_id: state.factoryOrderId,
        ...(shipment ? { carrier: shipment.carrier, tracking_no: shipment.trackingNumber, tracking_url: shipment.trackingUrl } : {}),
        updated_at: at,
      });
      return moved;
    });
    // Once, when the order first reaches 已发货 with its tracking (a repeated event moves nothing).
    if (moved && shipment && order.status < ORDER_STATUS.shipped && target >= ORDER_STATUS.shipped && deps.shipped) {
      const now = await q.orderById(order.id);
      if (now) await deps.shipped(now);
    }
    return moved;
  }

  /** A webhook's body as received: verified, then applied; false when not the factory's (or a replay). */
  async function webhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    const p = deps.provider();
    const event = p?.verifyWebhook(rawBody, headers);
    if (!event) return false;
    await apply(event);
    return true;
  }

  /** Asks the factory about orders in production not heard of for a while (a lost webhook); answers how many moved. */
  async function poll(): Promise<number> {
    let moved = 0;
    for (const o of await q.inProductionSince(now() - POLL_AFTER_MS, POLL_BATCH)) {
      try {
        const state = await factory().get(o.factory_ref);
        if (state && (await apply(state))) moved++;
        else await q.updateProduction(o.id, { updated_at: now() });
      } catch (err) {
        log.warn({ err, order_id: o.id }, 'factory poll: the order could not be asked about');
      }
    }
    return moved;
  }

  /** Paid orders with no factory order and no exception (a job lost with its process): queued again. */
  async function recover(): Promise<number> {
    const waiting = await q.paidNotSubmitted();
    for (const o of waiting) await start(o);
    return waiting.length;
  }

  /** The seller's retry of an order in the exceptions list: a new reference, so the factory takes it afresh. */
  async function retry(order: OrderRecord) {
    const attempt = /-R(\d+)$/.exec(order.factory_ref)?.[1];
    const ref = order.factory_ref ? `${order.order_no}-R${Number(attempt ?? 1) + 1}` : order.order_no;
    await q.updateProduction(order.id, {
      exception: '',
      exception_detail: '',
      factory_ref: ref,
      factory_order_id: '',
      production_state: '',
      updated_at: now(),
    });
    await start(order);
  }

  /**
   * Before a paid order is cancelled: withdrawn at the factory if it has it. False when production has begun
   * there (the cancel is refused).
   */
  async function withdraw(order: OrderRecord): Promise<boolean> {
    if (!order.factory_order_id) return true;
    return factory().cancel(order.factory_ref);
  }

  /** The print files of an order, for the factory's signed fetch: the key must be one sent for that order. */
  async function printFileOf(ownerId: number, orderId: number, key: string): Promise<string | undefined> {
    const order = await q.byId([ownerId], orderId);
    if (!order) return undefined;
    const lines = await q.lines([orderId]);
    return lines.some((l) => parseJsonColumn<PrintFile[]>(l.print_files, []).some((f) => f.key === key)) ? key : undefined;
  }

  const jobKind: JobKind = { run, recover };
  return { jobKind, start, connect, apply, webhook, poll, recover, retry, withdraw, printFileOf };
}
export type Production = ReturnType<typeof createProduction>;
