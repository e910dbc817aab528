import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { parseDesign } from '@app/design';
import { blobKeyOfUrl } from '../../compose/blobUrls.js';
import { parseJsonColumn } from '../../db/json.js';
import type { Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { FinishedRepo } from '../finished/index.js';
import type { MaterialRepo } from '../materials/index.js';

/** One file of a download: where it is stored and the name it gets. */
export interface DownloadFile {
  key: string;
  name: string;
}

/** A name safe in a zip on every system: no path separators or reserved characters. */
const safe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^\.+/, '') || '_';
const extOf = (key: string) => /\.[a-z0-9]+$/i.exec(key)?.[0].toLowerCase() ?? '';

/** Rows are read this many finished products at a time, so memory stays flat however many are chosen. */
const PAGE = 50;

/**
 * Downloads (docs/finished.md#dialogs, docs/api.md#downloads): the images of chosen finished products and a product's materials. A zip is
 * streamed while it is built, one stored file after the other, never held in memory.
 */
export function createDownloadService(deps: {
  /** The finished products' images and designs (the finished module's, docs/domain.md#table-owners). */
  products: Pick<FinishedRepo, 'productsInScope' | 'childIdsOf' | 'hasImages' | 'imagesOf' | 'designsOf'>;
  /** The materials' stored files (the materials module's). */
  materials: Pick<MaterialRepo, 'filesInScope'>;
  storage: Pick<BlobStorage, 'exists' | 'stream'>;
}) {
  const { storage, products: finished } = deps;

  /** The chosen ids, all in the scope (else not found, nothing sent), combinations replaced by their childs. */
  async function productIds(scope: Scope, ids: number[]): Promise<number[]> {
    const rows = await finished.productsInScope(scope, ids);
    if (rows.length !== ids.length) throw new AppError(404, 'finishedNotFound');
    const combos = rows.filter((r) => r.child_count > 0).map((r) => r.id);
    // The childs in their places in their combinations.
    const childs = combos.length ? (await finished.childIdsOf(combos)).sort((a, b) => a.sort - b.sort).map((c) => c.id) : [];
    return [...rows.filter((r) => r.child_count === 0).map((r) => r.id), ...childs];
  }

  /**
   * The files of a bulk picture download, page by page: per product and colour its mockups, named
   * <finished number>/<finished number>_<colour>_<n>; a size with its own design adds _<size>.
   */
  async function* bulkFiles(ids: number[]): AsyncGenerator<DownloadFile> {
    for (let i = 0; i < ids.length; i += PAGE) {
      const page = ids.slice(i, i + PAGE);
      const { products, children, sized } = await finished.imagesOf(page);
      const order = new Map(page.map((id, n) => [id, n]));
      products.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      for (const p of products) {
        const dir = safe(p.key_id);
        for (const c of children.filter((c) => c.finished_id === p.id)) {
          const base = `${dir}/${dir}_${safe(c.color)}`;
          yield* named(parseJsonColumn<string[]>(c.img_urls, []), base);
          for (const a of sized.filter((a) => a.child_id === c.id))
            yield* named(parseJsonColumn<string[]>(a.img_urls, []), `${base}_${safe(a.size)}`);
        }
      }
    }
  }
  function* named(urls: string[], base: string): Generator<DownloadFile> {
    for (const [n, url] of urls.entries()) {
      const key = blobKeyOfUrl(url);
      if (key) yield { key, name: `${base}_${n + 1}${extOf(key)}` };
    }
  }

  async function bulk(caller: Caller, ids: number[]) {
    const all = await productIds(caller.scope, ids);
    // Checked before the first byte goes out: an empty zip would look like a broken download.
    if (!(await finished.hasImages(all))) throw new AppError(409, 'noImagesYet');
    return bulkFiles(all);
  }

  /** Material download: the print image of each design area (cut) or each material file as uploaded (original). */
  async function materials(caller: Caller, id: number, type: 'cut' | 'original'): Promise<DownloadFile[]> {
    const products = await finished.designsOf(await productIds(caller.scope, [id]));
    const files: DownloadFile[] = [];
    if (type === 'cut') {
      for (const p of products)
        for (const [area, url] of Object.entries(parseJsonColumn<Record<string, string>>(p.print_urls, {}))) {
          const key = blobKeyOfUrl(url);
          if (key) files.push({ key, name: `${safe(p.key_id)}_${safe(area)}${extOf(key)}` });
        }
    } else {
      const sourceIds = new Set<number>();
      for (const p of products) {
        try {
          for (const area of parseDesign(p.extends).areas)
            for (const l of area.layers) if (Number(l.sourceid) > 0) sourceIds.add(Number(l.sourceid));
        } catch {
          // a design that no longer parses has no materials to give
        }
      }
      // Only materials of the caller's family: a design naming another account's material gets nothing of it.
      const rows = sourceIds.size ? await deps.materials.filesInScope(caller.scope, [...sourceIds]) : [];
      for (const m of rows) {
        const key = m.original_key ?? m.image_key;
        files.push({ key, name: `${safe(m.name)}_${m.id}${extOf(key)}` });
      }
    }
    if (files.length === 0) throw new AppError(404, 'noMaterialFiles');
    return files;
  }

  /** A zip of the files, streamed: each file is read from storage when the previous one has gone out. */
  function zip(files: AsyncIterable<DownloadFile> | Iterable<DownloadFile>, onError: (e: unknown) => void): Readable {
    // Images are compressed already: stored, not deflated, which also keeps the CPU free.
    const archive = new ZipArchive({ store: true });
    archive.on('warning', onError);
    archive.on('error', onError);
    void (async () => {
      try {
        const used = new Set<string>();
        for await (const f of files) {
          // A file gone from storage is left out rather than breaking the whole download.
          if (!(await storage.exists(f.key))) continue;
          let name = f.name;
          for (let n = 2; used.has(name); n++) name = f.name.replace(/(\.[^.]*)?$/, `_${n}$1`);
          used.add(name);
          const done = new Promise<void>((resolve, reject) => {
            const entry = () => {
              archive.off('error', failed);
              resolve();
            };
            const failed = (e: unknown) => {
              archive.off('entry', entry);
              reject(e instanceof Error ? e : new Error(String(e)));
            };
            archive.once('entry', entry);
            archive.once('error', failed);
          });
          archive.append(storage.stream(f.key), { name });
          await done;
        }
        await archive.finalize();
      } catch (e) {
        onError(e);
        archive.abort();
      }
    })();
    return archive;
  }

  return { bulk, materials, zip };
}
export type DownloadService = ReturnType<typeof createDownloadService>;
