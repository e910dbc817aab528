import { RECOMPOSE_STAGGER_MS } from '@app/contract';
import type { DesignArea, DesignDocument } from '@app/design';
import type { EditorNotice } from './messages';

/**
 * The recomposition scheduler (docs/editor.md#the-screen, saving): each distinct layer set (one design area's {id, background,
 * layers}) is composed once — an identical set asks again only after a failure — and the calls start at
 * least 200 ms apart (docs/limits.md#editor). A failed call is retried once, after "Material generation retrying"; a
 * second failure reports "Material composition failed, please retry saving" (docs/messages.md#editor-messages).
 *
 * Clock, timers and the compose call are injected, so tests drive it with fake timers.
 */
export interface RecomposeTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface RecomposerOptions {
  /** Composes one area's layer data (JSON text) into its print image URL: `POST /api/design/compose`. */
  compose: (layerdata: string) => Promise<string>;
  /** Shows a notice (docs/messages.md#editor-messages). */
  notify?: (notice: EditorNotice) => void;
  timers?: RecomposeTimers;
  staggerMs?: number;
  /** Composed layer sets remembered (oldest forgotten first). */
  cacheSize?: number;
}

export class RecomposeError extends Error {
  readonly notice: EditorNotice;
  constructor(notice: EditorNotice, cause?: unknown) {
    super(notice, { cause });
    this.name = 'RecomposeError';
    this.notice = notice;
  }
}

// Looked up at each call, so timers faked after creation (vi.useFakeTimers) are the ones used.
const globalTimers: RecomposeTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
};

export interface Recomposer {
  /** The print image URL of one design area; the same layer set answers the same promise. */
  compose(area: DesignArea): Promise<string>;
  /** Every area of a design, by area id. */
  composeAll(design: DesignDocument): Promise<Record<string, string>>;
  /** Calls waiting for their turn. */
  waiting(): number;
  /** Cancels the waiting calls (the editor closes); their promises reject. */
  dispose(): void;
}

export function createRecomposer(options: RecomposerOptions): Recomposer {
  const timers = options.timers ?? globalTimers;
  const stagger = options.staggerMs ?? RECOMPOSE_STAGGER_MS;
  const cacheSize = options.cacheSize ?? 50;
  const results = new Map<string, Promise<string>>();
  const queued = new Map<unknown, () => void>();
  let lastStart = -Infinity;

  /** Runs `call` in the next free slot: now if the last call started at least `stagger` ago. */
  function schedule(call: () => void, cancel: () => void) {
    const now = timers.now();
    const at = Math.max(now, lastStart + stagger);
    lastStart = at;
    if (at <= now) return call();
    const handle = timers.setTimeout(() => {
      queued.delete(handle);
      call();
    }, at - now);
    queued.set(handle, cancel);
  }

  function compose(area: DesignArea): Promise<string> {
    const layerdata = JSON.stringify({ id: area.id, background: area.background, layers: area.layers });
    const known = results.get(layerdata);
    if (known) return known;
    const promise = new Promise<string>((resolve, reject) => {
      const fail = (notice: EditorNotice, cause?: unknown) => {
        results.delete(layerdata);
        reject(new RecomposeError(notice, cause));
      };
      const attempt = (n: number) =>
        schedule(
          () => {
            let call: Promise<string>;
            try {
              call = options.compose(layerdata);
            } catch (error) {
              call = Promise.reject(error);
            }
            call.then(resolve, (error: unknown) => {
              if (n === 1) {
                options.notify?.('materialRetrying');
                attempt(2);
              } else {
                options.notify?.('materialComposeFailed');
                fail('materialComposeFailed', error);
              }
            });
          },
          () => fail('materialComposeFailed', new Error('recomposition cancelled')),
        );
      attempt(1);
    });
    results.set(layerdata, promise);
    if (results.size > cacheSize) results.delete(results.keys().next().value!);
    return promise;
  }

  return {
    compose,
    async composeAll(design) {
      const urls = await Promise.all(design.areas.map((a) => compose(a)));
      return Object.fromEntries(design.areas.map((a, i) => [String(a.id), urls[i]!]));
    },
    waiting: () => queued.size,
    dispose() {
      for (const [handle, cancel] of queued) {
        timers.clearTimeout(handle);
        cancel();
      }
      queued.clear();
    },
  };
}
