import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { message, type ExportKind, type ExportRecord, type Lang, type ParsedQueryOf, type routes } from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { ExportRecordRow, ExportRepo } from './repo.js';
import type { Reason } from './rows.js';

/** The export records (docs/exports.md): their list, the download of a finished one's file, and their deletion. */

/** A product an export left out, and why (export_record.errors); or one it wrote with warnings (export_record.warnings). */
export interface StoredError {
  finished_id: number;
  key_id: string;
  reasons: Reason[];
}

export const extOf = (format: number) => (format === 9 ? 'txt' : 'xlsx');
const CONTENT_TYPES = { txt: 'text/plain; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** The file name a download gets: shop, format and the export's time (UTC), e.g. `Shop_flatfile_20261101-090000.xlsx`. */
export function exportFileName(r: { store_name: string; kind: string; format: number; created_at: number }): string {
  const label = r.kind === 'walmart' ? 'walmart' : r.kind === 'amazon' || r.format === 3 ? 'flatfile' : r.format === 6 ? 'simple' : 'txt';
  const at = new Date(r.created_at).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const shop = r.store_name.replace(/[\\/:*?"<>|\s]+/g, '_') || 'shop';
  return `${shop}_${label}_${at}.${extOf(r.format)}`;
}

/** A product's reasons (or warnings) in the reader's language. */
const rendered = (e: StoredError, lang: Lang) => ({
  finished_id: e.finished_id,
  key_id: e.key_id,
  reasons: e.reasons.map((x) => message(x.key, lang, x.params)),
});

/** The record calls; `tmpPath` names the temporary file a running export writes (removed with its record). */
export function createExportRecords(deps: {
  repo: Pick<ExportRepo, 'recordPage' | 'record' | 'recordsIn' | 'deleteRecord' | 'withdrawExportImages'>;
  storage: BlobStorage;
  tmpPath: (exportId: number) => string;
}) {
  const { repo, storage, tmpPath } = deps;

  const view = (r: ExportRecordRow, lang: Lang): ExportRecord => ({
    id: r.id,
    createtime: Math.floor(r.created_at / 1000),
    store_name: r.store_name,
    template_name: r.template_name,
    format: r.format,
    kind: r.kind as ExportKind,
    product_count: r.product_count,
    written_count: r.written_count,
    refused_count: r.refused_count,
    row_count: r.row_count,
    status: r.status as ExportRecord['status'],
    progress: r.progress,
    errors: parseJsonColumn<StoredError[]>(r.errors, []).map((e) => rendered(e, lang)),
    warnings: parseJsonColumn<StoredError[]>(r.warnings, []).map((e) => rendered(e, lang)),
    message: r.message ? message(r.message as Reason['key'], lang, parseJsonColumn(r.message_params, {})) : '',
    size: r.size,
    download_url: r.status === 'done' ? `/api/export/download?id=${r.id}` : '',
    job_id: r.job_id,
    username: r.username,
  });

  async function list(caller: Caller, lang: Lang, { pageNumber, pageSize, store_id }: ParsedQueryOf<typeof routes.exportList>) {
    // Records are scoped by owner: another family's shop id finds nothing, like a shop without exports.
    const { list, count } = await repo.recordPage(caller.scope, pageSize, (pageNumber - 1) * pageSize, store_id || undefined);
    return { count, list: list.map((r) => view(r, lang)) };
  }

  async function download(caller: Caller, id: number): Promise<{ stream: Readable; name: string; type: string; size: number }> {
    const r = await repo.record(caller.scope, id);
    if (!r) throw new AppError(404, 'exportRecordNotFound');
    if (r.status !== 'done' || !r.file_key || !(await storage.exists(r.file_key))) throw new AppError(409, 'exportNotReady');
    const ext = extOf(r.format);
    return { stream: storage.stream(r.file_key), name: exportFileName(r), type: CONTENT_TYPES[ext], size: r.size };
  }

  /** Removes a record with its file (and a running export's temporary file): a seller's delete, or the retention's. */
  async function remove(r: { id: number; file_key: string | null }) {
    await repo.deleteRecord(r.id);
    // Its public copies go unless another export still uses them (docs/security.md#public-image-copies).
    await repo.withdrawExportImages(r.id);
    if (r.file_key) await storage.delete(r.file_key);
    await fsp.rm(tmpPath(r.id), { force: true });
  }

  async function del(caller: Caller, idsText: string) {
    const ids = [...new Set(idsText.split(',').map(Number))];
    const found = await repo.recordsIn(caller.scope, ids);
    // All or nothing: one id outside the caller's scope (or gone) and nothing is removed.
    if (found.length !== ids.length) throw new AppError(404, 'exportRecordNotFound');
    for (const r of found) await remove(r);
    return { deleted: ids.length };
  }

  return { list, download, del, remove };
}
