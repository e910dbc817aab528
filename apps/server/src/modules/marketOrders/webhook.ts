import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MarketplaceOrders } from '../publish/index.js';
import type { ShopService } from '../shops/index.js';
import { marketOrderQueries } from './repo.js';
import type { MarketOrderSync } from './sync.js';

/** Notifications are remembered this long (a copy or replay of an older one only marks its order to be read again). */
const SEEN_FOR_MS = 7 * 86_400_000;

/**
 * Marketplace B's order notifications (docs/market-orders.md#webhooks): verified with the shop's own secret, then the
 * order is marked to be read again and the shop's import queued. The notification says only that the order changed:
 * the import reads the order itself, so a forged body that verified could not change an order, and a copy, a retry or
 * a replay (the same notification id) changes nothing.
 */
export function createMarketWebhooks(deps: {
  db: Kysely<Database>;
  shops: Pick<ShopService, 'connectionFor'>;
  ownerOf: (storeId: number) => Promise<number | undefined>;
  ordersOf: (platform: number) => MarketplaceOrders | undefined;
  sync: Pick<MarketOrderSync, 'kick'>;
  now: () => number;
}) {
  const q = marketOrderQueries(deps.db);
  let lastSweep = 0;

  /** False when the body is not the shop's marketplace's (401 to the sender); true once it is taken. */
  async function receive(storeId: number, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    const conn = await deps.shops.connectionFor(storeId);
    const api = conn ? deps.ordersOf(conn.platform) : undefined;
    const note = conn && api?.readNotification?.(conn, rawBody, headers);
    if (!conn || !note) return false;
    const at = deps.now();
    if (at - lastSweep > 3600_000) {
      lastSweep = at;
      await q.forgetSeenBefore(at - SEEN_FOR_MS);
    }
    if (!(await q.firstSeen(storeId, note.id, at))) return true;
    const ownerId = (await deps.ownerOf(storeId)) ?? 0;
    await q.markStale({ storeId, ownerId, platform: conn.platform }, [note], at);
    await deps.sync.kick(storeId, ownerId);
    return true;
  }

  return { receive };
}
export type MarketWebhooks = ReturnType<typeof createMarketWebhooks>;
