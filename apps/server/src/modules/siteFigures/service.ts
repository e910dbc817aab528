import { SITE_FIGURES_CACHE_SECONDS, SITE_FIGURES_COMPOSE_SAMPLE, type SiteFigures } from '@app/contract';
import type { JobFigures } from '../../jobs/figures.js';
import type { CatalogueFigures } from '../catalogue/index.js';
import type { FinishedFigures } from '../finished/index.js';

/** The middle value (the mean of the two middle ones for an even count, rounded), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export interface SiteFiguresService {
  /** The figures, read at most once a minute by this process (docs/mobile.md#site-figures). */
  figures(): Promise<SiteFigures>;
}

/** What the figures are read from: each table's owner counts its own (docs/domain.md#table-owners). */
export interface SiteFigureSources {
  catalogue: Pick<CatalogueFigures, 'onSale'>;
  finished: Pick<FinishedFigures, 'listed' | 'listedNotReady'>;
  jobs: Pick<JobFigures, 'latestDurations'>;
}

/**
 * The advantage page's live figures (docs/mobile.md#site-figures). Kept in this process's memory for
 * SITE_FIGURES_CACHE_SECONDS by design: the figures are the same for every visitor and a minute old is fresh
 * enough, so a flood of visitors costs one reading a minute per process, with nothing shared between processes to
 * keep in step. Visitors who ask while a reading is under way share it; a failed reading is not kept.
 * `composeKind`: the job kind that composes a finished product's images.
 */
export function createSiteFiguresService(deps: SiteFigureSources & { now: () => number; composeKind: string }): SiteFiguresService {
  const { catalogue, finished, jobs, now, composeKind } = deps;
  let kept: { at: number; figures: SiteFigures } | undefined;
  let reading: Promise<SiteFigures> | undefined;

  async function read(at: number): Promise<SiteFigures> {
    const [onSale, listed, notReady, durations] = await Promise.all([
      catalogue.onSale(),
      finished.listed(),
      finished.listedNotReady(),
      jobs.latestDurations(composeKind, SITE_FIGURES_COMPOSE_SAMPLE),
    ]);
    const figures: SiteFigures = {
      blanks: onSale.blanks,
      colours: onSale.colours,
      finished: listed,
      // Read apart from the total, a product may have moved in between: never below 0.
      composed_images: Math.max(0, listed - notReady.pending - notReady.failed),
      // Processes' clocks may differ by a little: a composition never took less than 0 ms.
      median_compose_ms: median(durations.map((ms) => Math.max(0, ms))),
      measured_at: Math.floor(at / 1000),
    };
    kept = { at, figures };
    return figures;
  }

  return {
    figures() {
      const at = now();
      if (kept && at - kept.at < SITE_FIGURES_CACHE_SECONDS * 1000) return Promise.resolve(kept.figures);
      reading ??= read(at).finally(() => {
        reading = undefined;
      });
      return reading;
    },
  };
}
