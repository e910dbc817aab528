import { randomUUID } from 'node:crypto';
import type { MessageKey, PublishPlatform } from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Caller } from '../../http/auth.js';
import { JobFailure, type JobContext, type JobKind, type JobQueue } from '../../jobs/queue.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import { createBannedWordMatcher, type BannedWordsService } from '../bannedWords/index.js';
import type { ShopService } from '../shops/index.js';
import { MarketplaceError, type MarketplaceAdapter } from './adapters/types.js';
import { listingOf, MAX_MAIN, screenListing, withImages, type PublishProduct } from './listing.js';
import type { ShopCalls } from './shopCalls.js';
import type { PublishVariants } from './preflight.js';
import type { PublishRecordRow, PublishRepo } from './repo.js';

export const PUBLISH_JOB = 'publish';
/** Runs of one publish job in all (an unreachable marketplace is tried again; refusals are final). */
const PUBLISH_ATTEMPTS = 3;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const mimeOf = (blob: string) => (/\.png$/i.test(blob) ? 'image/png' : 'image/jpeg');

/** What a publish call fixes for its records' jobs (publish_record.params). */
export interface PublishParams {
  /** The publishing caller: the job reads the product's images and the banned words as the caller did. */
  caller: Caller;
  template: Record<string, unknown>;
  product: PublishProduct;
}

/** What the job tells other modules once the marketplace created the listing. */
export interface PublishJobEffects {
  /** SKU bindings (variant key_id → the remote SKU and the seller SKU it was sent with). */
  recordBindings(
    ownerId: number,
    shopId: number,
    finishedId: number,
    remoteProductId: string,
    skus: Record<string, { remoteSkuId: string; sellerSku: string }>,
  ): Promise<void>;
  /** The finished list's 店铺 column. */
  recordShop(finishedIds: number[], shopId: number): Promise<void>;
}

/** This run no longer holds its record (another run took it over): it stops without writing. */
class LostLease extends Error {}

/**
 * The publish job (docs/publishing.md): one per product — upload the images, create the listing, store the
 * remote ids. It paces each shop's calls, refreshes tokens, and never creates a listing twice
 * (docs/publishing.md#exactly-once).
 */
export function createPublishJob(deps: {
  repo: Pick<PublishRepo, 'byId' | 'update' | 'claim' | 'release' | 'remoteImage' | 'saveRemoteImage' | 'failIfActive' | 'orphans'>;
  queue: Pick<JobQueue, 'enqueue'>;
  storage: Pick<BlobStorage, 'exists' | 'get'>;
  now: () => number;
  log: { warn(obj: object, msg: string): void };
  shops: Pick<ShopService, 'connectionFor' | 'needsReconnect'>;
  bannedWords: Pick<BannedWordsService, 'wordsFor'>;
  variants: Pick<PublishVariants, 'imagesFor'>;
  effects: PublishJobEffects;
  adapterOf(platform: number): MarketplaceAdapter;
  /** The shops' calls: paced per shop, tokens refreshed (shopCalls.ts). */
  calls: ShopCalls;
  /** How long a run holds its record (renewed while it runs); a crashed run's record is taken over after it. */
  leaseMs: number;
  /** Called after each step of a job (tests stop a run between two steps with it). */
  afterStep?: ((publishId: number, step: 'uploaded' | 'creating' | 'created') => Promise<void>) | undefined;
}) {
  const { repo, now, shops, adapterOf, leaseMs } = deps;
  const { call } = deps.calls;
  const seconds = () => Math.floor(now() / 1000);

  async function enqueue(recordId: number, ownerId: number): Promise<string> {
    const jobId = await deps.queue.enqueue({
      kind: PUBLISH_JOB,
      ownerId,
      payload: { publish_id: recordId },
      maxAttempts: PUBLISH_ATTEMPTS,
    });
    await repo.update(recordId, { job_id: jobId });
    return jobId;
  }

  /** A run of one record's job, holding the record's lease. */
  async function publishOne(rec: PublishRecordRow, owner: string): Promise<unknown> {
    const { id, store_id: shopId } = rec;
    const platform = rec.platform as PublishPlatform;
    const set = async (s: Parameters<typeof repo.update>[1]) => {
      if (!(await repo.update(id, { ...s, updatetime: seconds() }, { leaseOwner: owner }))) throw new LostLease();
    };
    const fail = async (key: MessageKey, params: Record<string, string | number> = {}, detail = '') => {
      await set({ status: 'failed', running_key: null, message: key, message_params: JSON.stringify(params), remote_detail: detail });
      return { publish_id: id, failed: key };
    };
    try {
      const stored = await shops.connectionFor(shopId);
      if (!stored) return await fail('publishStoreNotConnected');
      if (await shops.needsReconnect(shopId)) return await fail('publishStoreNeedsReconnect');
      const conn = { current: stored };
      const adapter = adapterOf(platform);
      const params = parseJsonColumn<PublishParams>(rec.params, null as never);
      await set({ status: 'uploading', attempts: rec.attempts + 1, message: '', message_params: '{}' });

      // Images: each once per shop (remote_image), the product's mockups and one per colour.
      const product = withImages(params.product, await deps.variants.imagesFor(params.caller, rec.finished_id));
      const main = product.mainBlobs.slice(0, MAX_MAIN[platform]);
      const refs = new Map<string, string>();
      const wanted = [...new Set([...main, ...product.skus.map((s) => s.imageBlob).filter((b): b is string => !!b)])];
      const toUpload: string[] = [];
      for (const blob of wanted) {
        const known = await repo.remoteImage(shopId, blob);
        if (known) refs.set(blob, known);
        else if (!(await deps.storage.exists(blob))) return await fail('publishImageMissing');
        else toUpload.push(blob);
      }
      // The uploads go out together, each when the shop's bucket allows: the calls follow each other at the
      // shop's rate instead of waiting for one another's answers (docs/publishing.md#pacing).
      await Promise.all(
        toUpload.map(async (blob) => {
          const bytes = await deps.storage.get(blob);
          const uri = await call(shopId, conn, (c) =>
            adapter.uploadImage(c, {
              bytes,
              mime: mimeOf(blob),
              filename: blob.split('/').pop() ?? 'image.jpg',
              use: main.includes(blob) ? 'MAIN_IMAGE' : 'ATTRIBUTE_IMAGE',
            }),
          );
          await repo.saveRemoteImage(shopId, blob, uri, now());
          refs.set(blob, (await repo.remoteImage(shopId, blob)) ?? uri);
        }),
      );
      await deps.afterStep?.(id, 'uploaded');

      const listing = listingOf(product, params.template, (b) => refs.get(b)!, MAX_MAIN[platform]);
      // Banned words were checked by the call; strip-words are cut again here (the listing is rebuilt).
      const words = await deps.bannedWords.wordsFor(params.caller, platform);
      const reasons = [...screenListing(listing, words.length ? createBannedWordMatcher(words) : null), ...adapter.validate(listing)];
      if (reasons.length) return await fail(reasons[0]!.key, reasons[0]!.params ?? {});

      // Exactly once (docs/publishing.md#exactly-once): a run after a create that may have gone out asks first.
      let remote = rec.create_started === 1 ? await call(shopId, conn, (c) => adapter.findProduct(c, listing)) : null;
      if (!remote) {
        // Saved before the call: a crash from here on leaves `creating` + create_started, and the next run asks.
        await set({ status: 'creating', create_started: 1 });
        await deps.afterStep?.(id, 'creating');
        remote = await call(shopId, conn, (c) => adapter.createProduct(c, listing, rec.idempotency_key));
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
      // Bindings are keyed by our variant number in its own product (a combination's child), whatever the seller
      // SKU (docs/variants.md#sku-bindings); a record made before the SKU rule sent the number as its SKU.
      const byProduct = new Map<number, Record<string, { remoteSkuId: string; sellerSku: string }>>();
      for (const s of listing.skus) {
        const remoteSkuId = remote.skuIds[s.sellerSku];
        if (remoteSkuId === undefined) continue;
        const productId = s.productId ?? rec.finished_id;
        (byProduct.get(productId) ?? byProduct.set(productId, {}).get(productId)!)[s.variantKeyId ?? s.sellerSku] = {
          remoteSkuId,
          sellerSku: s.sellerSku,
        };
      }
      for (const [productId, skuIds] of byProduct)
        await deps.effects.recordBindings(rec.owner_id, shopId, productId, remote.remoteProductId, skuIds);
      await deps.effects.recordShop([rec.finished_id], shopId);
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
          return await deps.calls.pacerOf(rec.platform).withSlot(rec.store_id, async () => {
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
      // Only a record still at work: a run that published before it threw keeps its result.
      await repo.failIfActive(Number((job.payload as { publish_id: number }).publish_id), seconds());
    },
    /** Records at work whose job was lost (a process killed before or while it queued them) are queued again. */
    async recover() {
      const orphans = await repo.orphans();
      for (const o of orphans) await enqueue(o.id, o.owner_id);
      return orphans.length;
    },
  };

  return { jobKind, run, enqueue };
}
