import { randomUUID } from 'node:crypto';
import {
  message,
  type Lang,
  type MessageKey,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type PublishAnswer,
  type PublishPlatform,
  type PublishRecord,
  type PublishRefusal,
  type PublishStatus,
  type routes,
} from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { BannedWordsService } from '../bannedWords/index.js';
import type { BarcodeAllocation } from '../barcodes/index.js';
import type { FinishedRepo } from '../finished/index.js';
import type { TitleService } from '../titles/index.js';
import type { ShopRepo, ShopService } from '../shops/index.js';
import type { MarketplaceAdapter } from './adapters/types.js';
import { createPublishJob, type PublishJobEffects, type PublishParams } from './job.js';
import { createShopCalls, type ShopCalls } from './shopCalls.js';
import {
  createPublishCheck,
  renderParams,
  renderReasons,
  type Checked,
  type PublishBody,
  type PublishTemplates,
  type PublishVariants,
} from './preflight.js';
import type { PublishRecordRow, PublishRepo } from './repo.js';

export interface PublishSideEffects extends PublishJobEffects {
  /** Whether any variant of the product is bound to a remote SKU of the shop (docs/variants.md#sku-bindings). */
  isBound(shopId: number, finishedId: number): Promise<boolean>;
}

/**
 * Online publishing (docs/publishing.md): the pre-flight and publish calls of both marketplaces (the check
 * in preflight.ts), one job of kind 'publish' per product (job.ts), the records list and the retry. The
 * adapters are chosen by platform code; the job paces each shop's calls, refreshes tokens, and never creates
 * a listing twice (docs/publishing.md#exactly-once).
 */
export function createPublishService(deps: {
  repo: PublishRepo;
  /** The shops as the check and the list read them. */
  shopRepo: Pick<ShopRepo, 'inScope' | 'namesOf'>;
  /** The finished products as the check reads them (the finished module's). */
  products: Pick<FinishedRepo, 'productsInScope' | 'titleFieldsOf'>;
  /** The title templates and keyword sets a publish may choose (docs/listing-tools.md#titles). */
  titles?: Pick<TitleService, 'settingsFor'> | undefined;
  queue: Pick<JobQueue, 'enqueue'>;
  storage: Pick<BlobStorage, 'exists' | 'get'>;
  now: () => number;
  log: { warn(obj: object, msg: string): void };
  shops: Pick<ShopService, 'connectionFor' | 'needsReconnect' | 'markNeedsReconnect' | 'updateTokens'>;
  bannedWords: Pick<BannedWordsService, 'wordsFor'>;
  templates: PublishTemplates;
  variants: PublishVariants;
  effects: PublishSideEffects;
  adapters: Partial<Record<PublishPlatform, MarketplaceAdapter>>;
  pacing: { rateA: number; rateB: number; shopConcurrency: number };
  /** The shops' calls, shared with the order import (one bucket per shop whatever the work); made here when not given. */
  calls?: ShopCalls;
  /** The code each variant takes in the shop (docs/listing-tools.md#barcodes); none when unset. */
  barcodes?: Pick<BarcodeAllocation, 'codesFor'> | undefined;
  /** How long a run holds its record (renewed while it runs); a crashed run's record is taken over after it. */
  leaseMs?: number;
  /** Called after each step of a job (tests stop a run between two steps with it). */
  afterStep?: ((publishId: number, step: 'uploaded' | 'creating' | 'created') => Promise<void>) | undefined;
}) {
  const { repo, now } = deps;
  const seconds = () => Math.floor(now() / 1000);
  const adapterOf = (platform: number): MarketplaceAdapter => {
    const a = deps.adapters[platform as PublishPlatform];
    if (!a) throw new Error(`no marketplace adapter for platform ${platform}`);
    return a;
  };
  const check = createPublishCheck({
    repo,
    products: deps.products,
    shops: deps.shopRepo,
    bannedWords: deps.bannedWords,
    titles: deps.titles,
    templates: deps.templates,
    variants: deps.variants,
    isBound: deps.effects.isBound,
    adapterOf,
  });
  const { jobKind, run, enqueue } = createPublishJob({
    repo,
    queue: deps.queue,
    storage: deps.storage,
    now,
    log: deps.log,
    shops: deps.shops,
    bannedWords: deps.bannedWords,
    variants: deps.variants,
    effects: deps.effects,
    adapterOf,
    calls: deps.calls ?? createShopCalls({ shops: deps.shops, adapterOf, pacing: deps.pacing, log: deps.log }),
    leaseMs: deps.leaseMs ?? 30_000,
    afterStep: deps.afterStep,
  });

  const refusalsOf = (c: Checked, lang: Lang): PublishRefusal[] =>
    c.refused.map((r) => ({ id: r.id, key_id: r.key_id, reasons: renderReasons(r.reasons, lang) }));

  async function preflight(caller: Caller, lang: Lang, platform: PublishPlatform, body: PublishBody) {
    const c = await check(caller, platform, body);
    return { ok_ids: c.accepted.map((a) => a.product.id), refused: refusalsOf(c, lang), titles: c.titles };
  }

  /** The pre-flight, then one record (queued) and one job per accepted product. */
  async function publish(caller: Caller, lang: Lang, platform: PublishPlatform, body: PublishBody): Promise<PublishAnswer> {
    const c = await check(caller, platform, body);
    // The variants' codes in the shop, claimed for every accepted product at once: a maker short of codes
    // refuses the publish naming it and how many are missing (409), before any record is made.
    // A variant once (a combination and its child may be published in one call), under its own product and number.
    const variants = new Map(
      c.accepted.flatMap(({ product }) =>
        product.skus.map(
          (s) =>
            [s.variantId, { variantId: s.variantId, finishedId: s.productId ?? product.id, keyId: s.variantKeyId ?? s.sellerSku }] as const,
        ),
      ),
    );
    const codes = await deps.barcodes?.codesFor(c.shopId, [...variants.values()]);
    const batchId = randomUUID();
    const at = seconds();
    const answer: PublishAnswer = { publish_ids: [], job_ids: [], refused: refusalsOf(c, lang), batch_id: batchId };
    for (const { product: checked, group } of c.accepted) {
      const product = codes?.size ? { ...checked, skus: checked.skus.map((s) => ({ ...s, barcode: codes.get(s.variantId) })) } : checked;
      const params: PublishParams = { caller, template: c.template, product };
      let id: number;
      try {
        id = (
          await repo.insertRecord({
            owner_id: caller.id,
            finished_id: product.id,
            key_id: product.keyId,
            title: product.title,
            thumb: product.thumb,
            store_id: c.shopId,
            platform,
            template_id: c.templateId,
            pricing_template_id: c.pricingTemplateId,
            group_ids: JSON.stringify(group),
            params: JSON.stringify(params),
            batch_id: batchId,
            status: 'queued',
            idempotency_key: randomUUID(),
            running_key: `${product.id}:${c.shopId}`,
            createtime: at,
            updatetime: at,
          })
        ).id;
      } catch (e) {
        // A double-click's twin got there first (the running_key is unique while a publish is at work).
        if (!isUniqueViolation(e)) throw e;
        const prior = (await repo.existing(c.shopId, [product.id]))[0];
        answer.refused.push({
          id: product.id,
          key_id: product.keyId,
          reasons: renderReasons([{ key: 'publishAlreadyRunning', params: { id: prior?.id ?? 0 } }], lang),
        });
        continue;
      }
      answer.publish_ids.push(id);
      answer.job_ids.push(await enqueue(id, caller.id));
    }
    return answer;
  }

  const view = (r: PublishRecordRow & { store_name: string }, lang: Lang): PublishRecord => ({
    id: r.id,
    finished_id: r.finished_id,
    key_id: r.key_id,
    title: r.title,
    thumb: r.thumb,
    store_id: r.store_id,
    store_name: r.store_name,
    platform: r.platform,
    status: r.status as PublishStatus,
    remote_product_id: r.remote_product_id,
    remote_url: r.remote_url,
    message: r.message ? message(r.message as MessageKey, lang, renderParams(parseJsonColumn(r.message_params, {}), lang)) : '',
    attempts: r.attempts,
    batch_id: r.batch_id,
    createtime: r.createtime,
    updatetime: r.updatetime,
  });

  async function list(caller: Caller, lang: Lang, q: ParsedQueryOf<typeof routes.publishList>) {
    const { pageNumber, pageSize } = q;
    const filter = { platform: q.platform, store_id: q.store_id, batch_id: q.batch_id };
    // Records of a shop deleted since are not listed: the shops module says which shops still exist.
    const byShop = await repo.tallyByShop(caller.scope, filter);
    const names = await deps.shopRepo.namesOf([...new Set(byShop.map((t) => t.store_id))]);
    const shown = byShop.filter((t) => names.has(t.store_id));
    const counts = { queued: 0, uploading: 0, creating: 0, published: 0, failed: 0 };
    let count = 0;
    for (const t of shown) {
      if (t.status in counts) counts[t.status as PublishStatus] += t.n;
      if (q.status === undefined || t.status === q.status) count += t.n;
    }
    const rows =
      count === 0
        ? []
        : await repo.page(caller.scope, { ...filter, status: q.status, shopIds: [...names.keys()] }, pageSize, (pageNumber - 1) * pageSize);
    return { list: rows.map((r) => view({ ...r, store_name: names.get(r.store_id)! }, lang)), count, tally: counts };
  }

  /** Failed records back to queued with a new job (and a new idempotency key: the next run asks the marketplace first). */
  async function retry(caller: Caller, body: ParsedBodyOf<typeof routes.publishRetry>) {
    let rows;
    if (body.ids && body.ids.length) {
      const ids = [...new Set(body.ids)];
      rows = await repo.inScope(caller.scope, ids);
      // All or nothing: one id outside the caller's scope (or gone) and nothing is retried.
      if (rows.length !== ids.length) throw new AppError(404, 'publishRecordNotFound');
    } else {
      rows = await repo.failedInScope(caller.scope, body.platform);
    }
    const retried: number[] = [];
    const jobIds: string[] = [];
    for (const r of rows) {
      if (r.status !== 'failed') continue;
      const { id } = r;
      try {
        const requeued = await repo.requeue(id, {
          running_key: `${r.finished_id}:${r.store_id}`,
          idempotency_key: randomUUID(),
          updatetime: seconds(),
        });
        if (!requeued) continue;
      } catch (e) {
        // The same product is being published to the shop by another record: this one stays failed.
        if (isUniqueViolation(e)) continue;
        throw e;
      }
      retried.push(id);
      jobIds.push(await enqueue(id, r.owner_id));
    }
    return { retried, job_ids: jobIds };
  }

  return { preflight, publish, list, retry, jobKind, run };
}
export type PublishService = ReturnType<typeof createPublishService>;
