import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  message,
  PUBLISH_MAX_PRODUCTS,
  publishGroup,
  type Lang,
  type MessageKey,
  type PublishAnswer,
  type PublishGroup,
  type PublishPlatform,
  type PublishRecord,
  type PublishRefusal,
  type PublishStatus,
  type VariantInfo,
} from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { JobFailure, type JobContext, type JobKind, type JobQueue } from '../../jobs/queue.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import { createBannedWordMatcher, type KeywordsBanService } from '../keywordsBan/index.js';
import type { StoreConnection, StoreService } from '../stores/index.js';
import { MarketplaceError, type MarketplaceAdapter, type PreflightReason } from './adapters/types.js';
import { listingOf, screenListing, withImages, type PublishProduct } from './listing.js';
import { createShopPacer } from './pacer.js';
import { ACTIVE_STATUSES, createPublishRepo, type PublishRecordRow } from './repo.js';

export const PUBLISH_JOB = 'publish';
/** Runs of one publish job in all (an unreachable marketplace is tried again; refusals are final). */
const PUBLISH_ATTEMPTS = 3;
/** Main images each marketplace takes (MARKETPLACES.md: B 1–9, A ≤ 6); the rest are left out. */
const MAX_MAIN: Record<PublishPlatform, number> = { 2: 6, 15: 9 };
/** Tries of one call the marketplace keeps answering "too many requests" (each waits as asked). */
const RATE_LIMIT_TRIES = 100;
const PLATFORM_NAMES: Record<PublishPlatform, { zh: string; en: string }> = {
  2: { zh: '速卖通', en: 'AliExpress' },
  15: { zh: 'TikTok Shop', en: 'TikTok Shop' },
};
const breathe = () => new Promise<void>((r) => setImmediate(r));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The marketplace templates as the publish reads them (the marketTemplates module's forPublish). */
export interface PublishTemplates {
  forPublish(who: Caller | Scope, platform: PublishPlatform, templateId: number): Promise<(object & { store_id: number }) | undefined>;
}
/** The variants module, as the publish reads it (infoFor, imagesFor) and tells it what was created. */
export interface PublishVariants {
  infoFor(caller: Caller, finishedIds: number[], opts: { pricingTemplateId?: number }): Promise<VariantInfo[]>;
  imagesFor(who: { scope: Scope }, finishedId: number): Promise<{ main: string[]; byVariant: Record<number, string[]> }>;
}
export interface PublishSideEffects {
  /** Whether any variant of the product is bound to a remote SKU of the shop (SPEC §7.1 SKU compare). */
  isBound(storeId: number, finishedId: number): Promise<boolean>;
  /** SKU bindings (variant key_id → remote SKU id). */
  recordBindings(
    ownerId: number,
    storeId: number,
    finishedId: number,
    remoteProductId: string,
    skuIds: Record<string, string>,
  ): Promise<void>;
  /** The finished list's 店铺 column. */
  recordShop(finishedIds: number[], storeId: number): Promise<void>;
}

/** What a publish call fixes for its records' jobs (publish_record.params). */
interface PublishParams {
  /** The publishing caller: the job reads the product's images and the banned words as the caller did. */
  caller: Caller;
  template: Record<string, unknown>;
  product: PublishProduct;
}

/** A body of the publish and pre-flight calls, as the contract delivers it. */
export interface PublishRequest {
  design_product_ids: number[] | string;
  pricing_template_id?: number | string | undefined;
  groupIds?: PublishGroup[] | string | undefined;
  aliexpress_template_id?: number | string;
  tk_template_id?: number | string;
}

interface Checked {
  storeId: number;
  storeName: string;
  templateId: number;
  template: Record<string, unknown>;
  pricingTemplateId: number;
  accepted: { product: PublishProduct; group: PublishGroup | null }[];
  refused: { id: number; key_id: string; reasons: PreflightReason[] }[];
}

/**
 * Online publishing (issue 15; SPEC §4; docs/publishing.md): the pre-flight and publish calls of both
 * marketplaces, one job of kind 'publish' per product (upload images → create → store the remote ids), the
 * records list and the retry. The adapters are chosen by platform code; the job paces each shop's calls,
 * refreshes tokens, and never creates a listing twice (docs/publishing.md#exactly-once).
 */
export function createPublishService(deps: {
  db: Kysely<Database>;
  queue: JobQueue;
  storage: BlobStorage;
  now: () => number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  stores: StoreService;
  keywordsBan: KeywordsBanService;
  templates: PublishTemplates;
  variants: PublishVariants;
  effects: PublishSideEffects;
  adapters: Partial<Record<PublishPlatform, MarketplaceAdapter>>;
  pacing: { rateA: number; rateB: number; shopConcurrency: number };
  /** How long a run holds its record (renewed while it runs); a crashed run's record is taken over after it. */
  leaseMs?: number;
  /** Called after each step of a job (tests stop a run between two steps with it). */
  afterStep?: ((publishId: number, step: 'uploaded' | 'creating' | 'created') => Promise<void>) | undefined;
}) {
  const { db, queue, now, stores } = deps;
  const repo = createPublishRepo(db);
  // One pacer per marketplace (each its rate); inside it one bucket per shop.
  const pacers = {
    2: createShopPacer({ ratePerSecond: deps.pacing.rateA, concurrency: deps.pacing.shopConcurrency }),
    15: createShopPacer({ ratePerSecond: deps.pacing.rateB, concurrency: deps.pacing.shopConcurrency }),
  };
  const leaseMs = deps.leaseMs ?? 30_000;
  const seconds = () => Math.floor(now() / 1000);

  const adapterOf = (platform: number): MarketplaceAdapter => {
    const a = deps.adapters[platform as PublishPlatform];
    if (!a) throw new Error(`no marketplace adapter for platform ${platform}`);
    return a;
  };

  function idsOf(raw: number[] | string): number[] {
    const ids = [...new Set(typeof raw === 'string' ? raw.split(',').map(Number) : raw)];
    if (ids.length === 0) throw new AppError(400, 'publishNoProducts');
    if (ids.length > PUBLISH_MAX_PRODUCTS)
      throw new AppError(400, 'publishTooManyProducts', { max: PUBLISH_MAX_PRODUCTS, count: ids.length });
    return ids;
  }

  /** SPEC §3 groupIds: JSON text or the array; each group names one of the chosen products. */
  function groupsOf(raw: PublishGroup[] | string | undefined, ids: number[]): Map<number, PublishGroup> {
    if (raw === undefined || raw === '') return new Map();
    let value: unknown = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw);
      } catch {
        throw new AppError(400, 'publishGroupIdsInvalid');
      }
    }
    const parsed = z.array(publishGroup).max(PUBLISH_MAX_PRODUCTS).safeParse(value);
    if (!parsed.success) throw new AppError(400, 'publishGroupIdsInvalid');
    const groups = new Map<number, PublishGroup>();
    for (const g of parsed.data) {
      if (!ids.includes(g.parentId)) throw new AppError(400, 'publishGroupIdsInvalid');
      groups.set(g.parentId, g);
    }
    return groups;
  }

  /** The product as the variant table left it: only the ticked variants, at the prices set there. */
  function productOf(info: VariantInfo, thumb: string, group: PublishGroup | null): PublishProduct {
    let skus = info.colorSizes.map((c) => ({ variantId: c.id, sellerSku: c.key_id, color: c.color, size: c.size, price: c.price }));
    if (group) {
      const chosen = new Map(group.customAttributions.map((c) => [Number(c.childId), Number(c.price)]));
      skus = skus.filter((s) => chosen.has(s.variantId)).map((s) => ({ ...s, price: Math.round(chosen.get(s.variantId)! * 100) / 100 }));
    }
    return { id: info.parentInfo.id, keyId: info.parentInfo.key_id, title: info.parentInfo.title.trim(), thumb, mainBlobs: [], skus };
  }

  /**
   * Every check of a publish (and of the pre-flight): the template (the caller's, of this marketplace), its
   * shop (the caller's, connected), the pricing template, the products (the caller's); then per product
   * the marketplace's limits (adapter.validate), the banned words, and no second publish of it to the shop.
   */
  async function check(caller: Caller, platform: PublishPlatform, body: PublishRequest): Promise<Checked> {
    const ids = idsOf(body.design_product_ids);
    const groups = groupsOf(body.groupIds, ids);
    const templateId = Number(platform === 2 ? body.aliexpress_template_id : body.tk_template_id);
    const template = (await deps.templates.forPublish(caller, platform, templateId)) as
      (Record<string, unknown> & { store_id: number }) | undefined;
    if (!template) throw new AppError(404, 'publishTemplateNotFound');
    const store = await repo.store(caller.scope, Number(template.store_id));
    if (!store) throw new AppError(404, 'publishStoreNotFound');
    if (Number(store.platform) !== platform)
      throw new AppError(400, 'publishStoreWrongPlatform', { platform: PLATFORM_NAMES[platform].zh });
    if (store.token_expires_at === null) throw new AppError(400, 'publishStoreNotConnected');
    if (Number(store.needs_reconnect) === 1) throw new AppError(400, 'publishStoreNeedsReconnect');
    const pricingTemplateId = Number(body.pricing_template_id ?? 0);
    const found = await repo.productsInScope(caller.scope, ids);
    const byId = new Map(found.map((r) => [Number(r.id), r]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) throw new AppError(404, 'publishProductNotFound', { id: missing });

    const adapter = adapterOf(platform);
    const words = await deps.keywordsBan.wordsFor(caller, platform);
    const matcher = words.length ? createBannedWordMatcher(words) : null;
    const existing = await repo.existing(Number(store.id), ids);
    const out: Checked = {
      storeId: Number(store.id),
      storeName: store.name,
      templateId,
      template,
      pricingTemplateId,
      accepted: [],
      refused: [],
    };
    for (const id of ids) {
      const row = byId.get(id)!;
      const refuse = (reasons: PreflightReason[]) => out.refused.push({ id, key_id: row.key_id, reasons });
      const prior = existing.find((e) => Number(e.finished_id) === id);
      // docs/publishing.md#double-click: a product at work or published in this shop is not sent again.
      if (prior && prior.status === 'published') {
        refuse([{ key: 'publishAlreadyPublished', params: { remote: prior.remote_product_id ?? '' } }]);
        continue;
      }
      if (prior) {
        refuse([{ key: 'publishAlreadyRunning', params: { id: Number(prior.id) } }]);
        continue;
      }
      // Bound by hand to a listing of the shop: publishing would make a second one (no update in the sandboxes).
      if (await deps.effects.isBound(Number(store.id), id)) {
        refuse([{ key: 'publishAlreadyBound' }]);
        continue;
      }
      let info: VariantInfo | undefined;
      try {
        // The pricing template is checked here (another family's answers not found, for the whole call).
        [info] = await deps.variants.infoFor(caller, [id], { pricingTemplateId });
      } catch (e) {
        if (e instanceof AppError && e.status === 409) {
          refuse([{ key: 'publishNoVariants' }]);
          continue;
        }
        throw e;
      }
      const group = groups.get(id) ?? null;
      const product = withImages(productOf(info!, row.thumb, group), await deps.variants.imagesFor(caller, id));
      const reasons: PreflightReason[] = [];
      if (product.skus.length === 0) reasons.push({ key: 'publishNoVariants' });
      if (product.mainBlobs.length === 0) reasons.push({ key: 'publishNoImages' });
      if (reasons.length === 0) {
        // The limits are checked on the listing as it will be sent (image refs stand in for the uploads).
        const listing = listingOf(product, template, (b) => b, MAX_MAIN[platform]);
        reasons.push(...screenListing(listing, matcher), ...adapter.validate(listing));
      }
      if (reasons.length) refuse(reasons);
      else out.accepted.push({ product, group });
      // The embedded database answers synchronously: give the API's other requests a turn between products.
      await breathe();
    }
    return out;
  }

  const render = (reasons: PreflightReason[], lang: Lang): string[] =>
    reasons.map((r) => message(r.key, lang, renderParams(r.params, lang)));
  const renderParams = (params: Record<string, string | number> | undefined, lang: Lang) => {
    if (!params) return {};
    const out = { ...params };
    // A banned word's field is a message key of its own (标题 / title).
    if (typeof out.field === 'string' && out.field.startsWith('publishField')) out.field = message(out.field as MessageKey, lang);
    return out;
  };
  const refusalsOf = (c: Checked, lang: Lang): PublishRefusal[] =>
    c.refused.map((r) => ({ id: r.id, key_id: r.key_id, reasons: render(r.reasons, lang) }));

  async function preflight(caller: Caller, lang: Lang, platform: PublishPlatform, body: PublishRequest) {
    const c = await check(caller, platform, body);
    return { ok_ids: c.accepted.map((a) => a.product.id), refused: refusalsOf(c, lang) };
  }

  async function enqueue(recordId: number, ownerId: number): Promise<string> {
    const jobId = await queue.enqueue({ kind: PUBLISH_JOB, ownerId, payload: { publish_id: recordId }, maxAttempts: PUBLISH_ATTEMPTS });
    await repo.update(recordId, { job_id: jobId });
    return jobId;
  }

  /** The pre-flight, then one record (queued) and one job per accepted product. */
  async function publish(caller: Caller, lang: Lang, platform: PublishPlatform, body: PublishRequest): Promise<PublishAnswer> {
    const c = await check(caller, platform, body);
    const batchId = randomUUID();
    const at = seconds();
    const answer: PublishAnswer = { publish_ids: [], job_ids: [], refused: refusalsOf(c, lang), batch_id: batchId };
    for (const { product, group } of c.accepted) {
      const params: PublishParams = { caller, template: c.template, product };
      let id: number;
      try {
        id = Number(
          (
            await repo.insertRecord({
              owner_id: caller.id,
              finished_id: product.id,
              key_id: product.keyId,
              title: product.title,
              thumb: product.thumb,
              store_id: c.storeId,
              platform,
              template_id: c.templateId,
              pricing_template_id: c.pricingTemplateId,
              group_ids: JSON.stringify(group),
              params: JSON.stringify(params),
              batch_id: batchId,
              status: 'queued',
              idempotency_key: randomUUID(),
              running_key: `${product.id}:${c.storeId}`,
              createtime: at,
              updatetime: at,
            })
          ).id,
        );
      } catch (e) {
        // A double-click's twin got there first (the running_key is unique while a publish is at work).
        if (!isUniqueViolation(e)) throw e;
        const prior = (await repo.existing(c.storeId, [product.id]))[0];
        answer.refused.push({
          id: product.id,
          key_id: product.keyId,
          reasons: render([{ key: 'publishAlreadyRunning', params: { id: Number(prior?.id ?? 0) } }], lang),
        });
        continue;
      }
      answer.publish_ids.push(id);
      answer.job_ids.push(await enqueue(id, caller.id));
    }
    return answer;
  }

  // ---- the job ----

  /** One call to a shop: paced, a rate-limit answer waits as asked and goes on, an expired token is refreshed once. */
  async function call<T>(storeId: number, conn: { current: StoreConnection }, fn: (c: StoreConnection) => Promise<T>): Promise<T> {
    let refreshed = false;
    const pacer = pacers[conn.current.platform as PublishPlatform];
    for (let tries = 0; ; tries++) {
      await pacer.take(storeId);
      try {
        return await fn(conn.current);
      } catch (e) {
        if (!(e instanceof MarketplaceError)) throw e;
        if (e.kind === 'rateLimited' && tries < RATE_LIMIT_TRIES) {
          // The whole shop waits: every job of this process paces on the same bucket.
          pacer.pause(storeId, Math.max(e.waitMs, 100));
          continue;
        }
        if (e.kind === 'tokenExpired' && !refreshed) {
          refreshed = true;
          conn.current = await refreshShop(storeId, conn.current);
          continue;
        }
        throw e;
      }
    }
  }

  const refreshing = new Map<number, Promise<StoreConnection>>();
  /**
   * Refreshes a shop's token once for every job that found it expired (docs/publishing.md#tokens): a job
   * whose token was already replaced by another's refresh takes the new one. A failed refresh marks the shop
   * needs_reconnect and fails the publish with that message.
   */
  function refreshShop(storeId: number, stale: StoreConnection): Promise<StoreConnection> {
    const running = refreshing.get(storeId);
    if (running) return running;
    const p = (async () => {
      const stored = await stores.connectionFor(storeId);
      if (!stored) throw new JobFailure('publishStoreNotConnected');
      if (stored.access_token !== stale.access_token) return stored;
      let tokens;
      try {
        await pacers[stored.platform as PublishPlatform].take(storeId);
        tokens = await adapterOf(stored.platform).refreshToken(stored);
      } catch (e) {
        // An unreachable marketplace says nothing about the refresh token: the job runs again later.
        if (!(e instanceof MarketplaceError) || e.kind === 'unavailable') throw e;
        deps.log.warn({ storeId, remote: e.remote }, 'token refresh refused: shop needs reconnecting');
        await stores.markNeedsReconnect(storeId);
        throw new JobFailure('publishStoreNeedsReconnect');
      }
      await stores.updateTokens(storeId, tokens);
      return { ...stored, access_token: tokens.access_token, refresh_token: tokens.refresh_token, token_expires_at: tokens.expires_at };
    })().finally(() => refreshing.delete(storeId));
    refreshing.set(storeId, p);
    return p;
  }

  const mimeOf = (blob: string) => (/\.png$/i.test(blob) ? 'image/png' : 'image/jpeg');

  /** A run of one record's job, holding the record's lease. */
  async function publishOne(rec: PublishRecordRow, owner: string): Promise<unknown> {
    const id = Number(rec.id);
    const storeId = Number(rec.store_id);
    const platform = Number(rec.platform) as PublishPlatform;
    const set = async (s: Parameters<typeof repo.update>[1]) => {
      if (!(await repo.update(id, { ...s, updatetime: seconds() }, { leaseOwner: owner }))) throw new LostLease();
    };
    const fail = async (key: MessageKey, params: Record<string, string | number> = {}, detail = '') => {
      await set({ status: 'failed', running_key: null, message: key, message_params: JSON.stringify(params), remote_detail: detail });
      return { publish_id: id, failed: key };
    };
    try {
      const stored = await stores.connectionFor(storeId);
      if (!stored) return await fail('publishStoreNotConnected');
      const state = await db.selectFrom('store_connection').select('needs_reconnect').where('store_id', '=', storeId).executeTakeFirst();
      if (Number(state?.needs_reconnect) === 1) return await fail('publishStoreNeedsReconnect');
      const conn = { current: stored };
      const adapter = adapterOf(platform);
      const params = parseJsonColumn<PublishParams>(rec.params, null as never);
      await set({ status: 'uploading', attempts: Number(rec.attempts) + 1, message: '', message_params: '{}' });

      // Images: each once per shop (remote_image), the product's mockups and one per colour.
      const product = withImages(params.product, await deps.variants.imagesFor(params.caller, Number(rec.finished_id)));
      const main = product.mainBlobs.slice(0, MAX_MAIN[platform]);
      const refs = new Map<string, string>();
      const wanted = [...new Set([...main, ...product.skus.map((s) => s.imageBlob).filter((b): b is string => !!b)])];
      const toUpload: string[] = [];
      for (const blob of wanted) {
        const known = await repo.remoteImage(storeId, blob);
        if (known) refs.set(blob, known);
        else if (!(await deps.storage.exists(blob))) return await fail('publishImageMissing');
        else toUpload.push(blob);
      }
      // The uploads go out together, each when the shop's bucket allows: the calls follow each other at the
      // shop's rate instead of waiting for one another's answers (docs/publishing.md#pacing).
      await Promise.all(
        toUpload.map(async (blob) => {
          const bytes = await deps.storage.get(blob);
          const uri = await call(storeId, conn, (c) =>
            adapter.uploadImage(c, {
              bytes,
              mime: mimeOf(blob),
              filename: blob.split('/').pop() ?? 'image.jpg',
              use: main.includes(blob) ? 'MAIN_IMAGE' : 'ATTRIBUTE_IMAGE',
            }),
          );
          await repo.saveRemoteImage(storeId, blob, uri, now());
          refs.set(blob, (await repo.remoteImage(storeId, blob)) ?? uri);
        }),
      );
      await deps.afterStep?.(id, 'uploaded');

      const listing = listingOf(product, params.template, (b) => refs.get(b)!, MAX_MAIN[platform]);
      // Banned words were checked by the call; strip-words are cut again here (the listing is rebuilt).
      const words = await deps.keywordsBan.wordsFor(params.caller, platform);
      const reasons = [...screenListing(listing, words.length ? createBannedWordMatcher(words) : null), ...adapter.validate(listing)];
      if (reasons.length) return await fail(reasons[0]!.key, reasons[0]!.params ?? {});

      // Exactly once (docs/publishing.md#exactly-once): a run after a create that may have gone out asks first.
      let remote = rec.create_started === 1 ? await call(storeId, conn, (c) => adapter.findProduct(c, listing)) : null;
      if (!remote) {
        // Saved before the call: a crash from here on leaves `creating` + create_started, and the next run asks.
        await set({ status: 'creating', create_started: 1 });
        await deps.afterStep?.(id, 'creating');
        remote = await call(storeId, conn, (c) => adapter.createProduct(c, listing, rec.idempotency_key));
      }
      await deps.afterStep?.(id, 'created');
      await set({
        status: 'published',
        running_key: null,
        remote_product_id: remote.remoteProductId,
        remote_url: remote.remoteUrl,
        remote_skus: JSON.stringify(remote.skuIds),
        message: remote.warnings.length ? 'publishWarnings' : '',
        message_params: JSON.stringify(remote.warnings.length ? { warnings: remote.warnings.join('; ') } : {}),
        remote_detail: '',
      });
      await deps.effects.recordBindings(Number(rec.owner_id), storeId, Number(rec.finished_id), remote.remoteProductId, remote.skuIds);
      await deps.effects.recordShop([Number(rec.finished_id)], storeId);
      return { publish_id: id, remote_product_id: remote.remoteProductId };
    } catch (e) {
      if (e instanceof LostLease) return { publish_id: id, taken_over: true };
      if (e instanceof JobFailure) return await fail(e.key);
      if (e instanceof MarketplaceError && e.kind !== 'unavailable') {
        deps.log.warn({ publishId: id, remote: e.remote }, 'marketplace refused the publish');
        return await fail(e.key, e.params, `${e.remote.code}: ${e.remote.message}`);
      }
      // Unreachable marketplace or our own failure: the queue runs the job again (then giveUp fails it).
      throw e;
    }
  }

  async function run(job: JobContext) {
    const id = Number((job.payload as { publish_id: number }).publish_id);
    const owner = `${job.id}:${job.attempt}:${randomUUID()}`;
    for (;;) {
      const rec = await repo.byId(id);
      if (!rec) return { publish_id: id, gone: true };
      if (rec.status === 'published' || rec.status === 'failed') return { publish_id: id, status: rec.status };
      // A job delivered twice: the run that holds the record goes on, the other waits for it to finish (or
      // for its lease to run out, when its process died).
      if (await repo.claim(id, owner, now(), leaseMs)) {
        const heartbeat = setInterval(() => void repo.claim(id, owner, now(), leaseMs).catch(() => undefined), leaseMs / 3);
        try {
          return await pacers[Number(rec.platform) as PublishPlatform].withSlot(Number(rec.store_id), async () => {
            const fresh = await repo.byId(id);
            if (!fresh || fresh.status === 'published' || fresh.status === 'failed') return { publish_id: id, status: fresh?.status };
            return publishOne(fresh, owner);
          });
        } finally {
          clearInterval(heartbeat);
          await repo.release(id, owner);
        }
      }
      await sleep(250);
    }
  }

  const jobKind: JobKind = {
    run,
    async giveUp(job) {
      const id = Number((job.payload as { publish_id: number }).publish_id);
      // Only a record still at work: a run that published before it threw keeps its result.
      await db
        .updateTable('publish_record')
        .set({ status: 'failed', running_key: null, message: 'publishFailed', message_params: '{}', updatetime: seconds() })
        .where('id', '=', id)
        .where('status', 'in', ACTIVE_STATUSES)
        .execute();
    },
    /** Records at work whose job was lost (a process killed before or while it queued them) are queued again. */
    async recover() {
      const orphans = await repo.orphans();
      for (const o of orphans) await enqueue(Number(o.id), Number(o.owner_id));
      return orphans.length;
    },
  };

  const view = (r: PublishRecordRow & { store_name: string }, lang: Lang): PublishRecord => ({
    id: Number(r.id),
    finished_id: Number(r.finished_id),
    key_id: r.key_id,
    title: r.title,
    thumb: r.thumb,
    store_id: Number(r.store_id),
    store_name: r.store_name,
    platform: Number(r.platform),
    status: r.status as PublishStatus,
    remote_product_id: r.remote_product_id,
    remote_url: r.remote_url,
    message: r.message ? message(r.message as MessageKey, lang, renderParams(parseJsonColumn(r.message_params, {}), lang)) : '',
    attempts: Number(r.attempts),
    batch_id: r.batch_id,
    createtime: Number(r.createtime),
    updatetime: Number(r.updatetime),
  });

  async function list(
    caller: Caller,
    lang: Lang,
    q: {
      platform?: number | string | undefined;
      status?: PublishStatus | undefined;
      store_id?: number | string | undefined;
      batch_id?: string | undefined;
      pageNumber?: number | string | undefined;
      pageSize?: number | string | undefined;
    },
  ) {
    const pageNumber = Number(q.pageNumber ?? 1);
    const pageSize = Number(q.pageSize ?? 20);
    const { list, count, tally } = await repo.page(
      caller.scope,
      {
        platform: q.platform === undefined ? undefined : Number(q.platform),
        status: q.status,
        store_id: q.store_id === undefined ? undefined : Number(q.store_id),
        batch_id: q.batch_id,
      },
      pageSize,
      (pageNumber - 1) * pageSize,
    );
    const counts = { queued: 0, uploading: 0, creating: 0, published: 0, failed: 0 };
    for (const t of tally) if (t.status in counts) counts[t.status as PublishStatus] = t.n;
    return { list: list.map((r) => view(r, lang)), count, tally: counts };
  }

  /** Failed records back to queued with a new job (and a new idempotency key: the next run asks the marketplace first). */
  async function retry(caller: Caller, body: { ids?: number[] | undefined; platform?: number | string | undefined }) {
    let rows;
    if (body.ids && body.ids.length) {
      const ids = [...new Set(body.ids)];
      rows = await repo.inScope(caller.scope, ids);
      // All or nothing: one id outside the caller's scope (or gone) and nothing is retried.
      if (rows.length !== ids.length) throw new AppError(404, 'publishRecordNotFound');
    } else {
      rows = await repo.failedInScope(caller.scope, body.platform === undefined ? undefined : Number(body.platform));
    }
    const retried: number[] = [];
    const jobIds: string[] = [];
    for (const r of rows) {
      if (r.status !== 'failed') continue;
      const id = Number(r.id);
      try {
        const ok = await db
          .updateTable('publish_record')
          .set({
            status: 'queued',
            running_key: `${Number(r.finished_id)}:${Number(r.store_id)}`,
            idempotency_key: randomUUID(),
            message: '',
            message_params: '{}',
            updatetime: seconds(),
          })
          .where('id', '=', id)
          .where('status', '=', 'failed')
          .executeTakeFirst();
        if (Number(ok.numUpdatedRows) !== 1) continue;
      } catch (e) {
        // The same product is being published to the shop by another record: this one stays failed.
        if (isUniqueViolation(e)) continue;
        throw e;
      }
      retried.push(id);
      jobIds.push(await enqueue(id, Number(r.owner_id)));
    }
    return { retried, job_ids: jobIds };
  }

  return { preflight, publish, list, retry, jobKind, run };
}
export type PublishService = ReturnType<typeof createPublishService>;

/** This run no longer holds its record (another run took it over): it stops without writing. */
class LostLease extends Error {}
