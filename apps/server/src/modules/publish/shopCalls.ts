import type { PublishPlatform } from '@app/contract';
import { JobFailure } from '../../jobs/queue.js';
import type { ShopConnection, ShopService } from '../shops/index.js';
import { MarketplaceError, type MarketplaceAdapter } from './adapters/types.js';
import { createShopPacer, type ShopPacer } from './pacer.js';

/** Tries of one call the marketplace keeps answering "too many requests" (each waits as asked). */
const RATE_LIMIT_TRIES = 100;

/** A shop's connection as one run holds it: a refresh replaces `current` for the calls after it. */
export interface HeldConnection {
  current: ShopConnection;
}

/**
 * Every call to a marketplace shop, whatever the work (publishing, importing orders, shipping them): paced on the
 * shop's one bucket (docs/publishing.md#pacing), a rate-limit answer waits as asked and goes on, an expired token is
 * refreshed once for every caller that found it expired (docs/publishing.md#tokens). A refresh the marketplace
 * refuses marks the shop needs_reconnect and fails the work with that message.
 */
export function createShopCalls(deps: {
  shops: Pick<ShopService, 'connectionFor' | 'markNeedsReconnect' | 'updateTokens'>;
  adapterOf(platform: number): MarketplaceAdapter;
  pacing: { rateA: number; rateB: number; shopConcurrency: number };
  log: { warn(obj: object, msg: string): void };
}) {
  /** One pacer per marketplace (each its rate); inside it one bucket per shop. */
  const pacers: Record<PublishPlatform, ShopPacer> = {
    2: createShopPacer({ ratePerSecond: deps.pacing.rateA, concurrency: deps.pacing.shopConcurrency }),
    15: createShopPacer({ ratePerSecond: deps.pacing.rateB, concurrency: deps.pacing.shopConcurrency }),
  };
  const pacerOf = (platform: number) => pacers[platform as PublishPlatform];

  async function call<T>(shopId: number, conn: HeldConnection, fn: (c: ShopConnection) => Promise<T>): Promise<T> {
    let refreshed = false;
    const pacer = pacerOf(conn.current.platform);
    for (let tries = 0; ; tries++) {
      await pacer.take(shopId);
      try {
        return await fn(conn.current);
      } catch (e) {
        if (!(e instanceof MarketplaceError)) throw e;
        if (e.kind === 'rateLimited' && tries < RATE_LIMIT_TRIES) {
          // The whole shop waits: every call of this process paces on the same bucket.
          pacer.pause(shopId, Math.max(e.waitMs, 100));
          continue;
        }
        if (e.kind === 'tokenExpired' && !refreshed) {
          refreshed = true;
          conn.current = await refreshShop(shopId, conn.current);
          continue;
        }
        throw e;
      }
    }
  }

  const refreshing = new Map<number, Promise<ShopConnection>>();
  function refreshShop(shopId: number, stale: ShopConnection): Promise<ShopConnection> {
    const running = refreshing.get(shopId);
    if (running) return running;
    const p = (async () => {
      const stored = await deps.shops.connectionFor(shopId);
      if (!stored) throw new JobFailure('publishStoreNotConnected');
      if (stored.access_token !== stale.access_token) return stored;
      let tokens;
      try {
        await pacerOf(stored.platform).take(shopId);
        tokens = await deps.adapterOf(stored.platform).refreshToken(stored);
      } catch (e) {
        // An unreachable marketplace says nothing about the refresh token: the work runs again later.
        if (!(e instanceof MarketplaceError) || e.kind === 'unavailable') throw e;
        deps.log.warn({ shopId, remote: e.remote }, 'token refresh refused: shop needs reconnecting');
        await deps.shops.markNeedsReconnect(shopId);
        throw new JobFailure('publishStoreNeedsReconnect');
      }
      await deps.shops.updateTokens(shopId, tokens);
      return { ...stored, access_token: tokens.access_token, refresh_token: tokens.refresh_token, token_expires_at: tokens.expires_at };
    })().finally(() => refreshing.delete(shopId));
    refreshing.set(shopId, p);
    return p;
  }

  return { call, pacerOf };
}
export type ShopCalls = ReturnType<typeof createShopCalls>;
