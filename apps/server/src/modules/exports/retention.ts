import type { ExportStorage } from '@app/contract';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { familyOf } from '../../jobs/admission.js';
import type { ExportRepo } from './repo.js';

/** Records past the retention removed per round of the sweep (the next round takes the rest). */
const SWEEP_BATCH = 200;
const DAY_MS = 24 * 3600 * 1000;
const MB = 1024 * 1024;

/** How long stored export files are kept, and how much one family may keep (docs/exports.md#retention). */
export interface ExportFileLimits {
  retentionDays: number;
  quotaBytes: number;
}

/** 30 days, 2 GB per family (EXPORT_RETENTION_DAYS, EXPORT_QUOTA_MB). */
export const DEFAULT_EXPORT_FILE_LIMITS: ExportFileLimits = { retentionDays: 30, quotaBytes: 2048 * MB };

/**
 * Stored export files under a retention and a per-family quota (docs/exports.md#retention): records past the
 * retention go with their files (the periodic sweep), a family at its quota is refused new exports until it
 * deletes some, and the records page shows both.
 */
export function createExportRetention(deps: {
  repo: Pick<ExportRepo, 'familyUsage' | 'finishedBefore'>;
  limits: ExportFileLimits;
  now: () => number;
  /** Removes a record and its files (records.ts). */
  remove: (r: { id: number; file_key: string | null }) => Promise<void>;
}) {
  const { repo, limits } = deps;

  /** The retention and the caller's family's use of its quota, for the records page. */
  async function storageOf(caller: Caller): Promise<ExportStorage> {
    return {
      retention_days: limits.retentionDays,
      quota_bytes: limits.quotaBytes,
      used_bytes: await repo.familyUsage(familyOf(caller)),
    };
  }

  /** Refuses a new export while the caller's family keeps its quota's worth of files. */
  async function checkQuota(caller: Caller) {
    if ((await repo.familyUsage(familyOf(caller))) >= limits.quotaBytes)
      throw new AppError(409, 'exportQuotaFull', { quota: `${Math.round(limits.quotaBytes / MB)} MB` });
  }

  /** Removes every finished record made before the retention began, with its file; answers how many. */
  async function sweep(): Promise<number> {
    const before = deps.now() - limits.retentionDays * DAY_MS;
    let removed = 0;
    for (;;) {
      const batch = await repo.finishedBefore(before, SWEEP_BATCH);
      for (const r of batch) await deps.remove(r);
      removed += batch.length;
      if (batch.length < SWEEP_BATCH) return removed;
    }
  }

  return { storageOf, checkQuota, sweep };
}
