/**
 * Per-shop pacing (docs/publishing.md#pacing): one token bucket per shop, shared by every publish job of
 * this process, so the calls to one shop stay under its rate whatever the number of jobs; a rate-limit
 * answer pauses the whole shop for the time the marketplace asked; and a bound on the products of one
 * shop in flight at once. Real time (not the injectable clock): it paces real HTTP.
 */
export interface ShopPacer {
  /** Waits for the shop's next call slot. */
  take(shopId: number): Promise<void>;
  /** The marketplace said "too many requests, wait": no call to the shop before `ms` from now. */
  pause(shopId: number, ms: number): void;
  /** Runs `fn` holding one of the shop's concurrency slots. */
  withSlot<T>(shopId: number, fn: () => Promise<T>): Promise<T>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function createShopPacer(opts: { ratePerSecond: number; concurrency: number }): ShopPacer {
  // No burst: one slot every `interval` ms. A bucket that saved up slots while idle could send a burst the
  // marketplace counts inside one second together with the calls that follow it.
  const interval = 1000 / opts.ratePerSecond;
  const nextFree = new Map<number, number>();
  const running = new Map<number, number>();
  const waiting = new Map<number, (() => void)[]>();

  return {
    async take(shopId) {
      const now = performance.now();
      const at = Math.max(now, nextFree.get(shopId) ?? 0);
      nextFree.set(shopId, at + interval);
      if (at > now) await sleep(at - now);
    },
    pause(shopId, ms) {
      const until = performance.now() + ms;
      if ((nextFree.get(shopId) ?? 0) < until) nextFree.set(shopId, until);
    },
    async withSlot(shopId, fn) {
      // A slot freed is handed straight to the next waiter, so a newcomer cannot slip in between.
      if ((running.get(shopId) ?? 0) >= opts.concurrency)
        await new Promise<void>((resolve) => (waiting.get(shopId) ?? waiting.set(shopId, []).get(shopId)!).push(resolve));
      else running.set(shopId, (running.get(shopId) ?? 0) + 1);
      try {
        return await fn();
      } finally {
        const next = waiting.get(shopId)?.shift();
        if (next) next();
        else running.set(shopId, running.get(shopId)! - 1);
      }
    },
  };
}
