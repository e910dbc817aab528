import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pLimit from 'p-limit';
import {
  EDITOR_THUMB_WIDTH,
  MATERIAL_FOLDER_MAX_DEPTH,
  MATERIAL_NAME_MAX,
  MATERIAL_THUMB_WIDTH,
  SELF_ACCOUNT_ID,
  splitKeywords,
  type Lang,
  type MaterialItem,
  type MaterialListQuery,
  type MaterialUploadFields,
} from '@app/contract';
import type { BlobStorage } from '../../storage/blobStorage.js';
import type { Caller } from '../../http/auth.js';
import type { UploadedFile } from '../../http/multipart.js';
import { AppError, notFound } from '../../http/errors.js';
import type { MaterialRepo, MaterialRow } from './repo.js';
import { buildTree, depthOf, folderNotFound, heightOf, subtreeOf, tooDeep } from './folders.js';
import { prepareImage, sha256Hex, type PreparedImage } from './images.js';
import { materialItem } from './views.js';

export interface MaterialServiceDeps {
  /** Inserts, keyword writes and deletes go through `inTransaction`. */
  repo: Pick<
    MaterialRepo,
    | 'copiesOf'
    | 'folderInScope'
    | 'folderOfOwner'
    | 'foldersOf'
    | 'hasMaterials'
    | 'inTransaction'
    | 'insertFolder'
    | 'keywordCounts'
    | 'keywordsOf'
    | 'materialsInScope'
    | 'search'
    | 'updateFolder'
  >;
  storage: Pick<BlobStorage, 'exists' | 'put' | 'url'>;
  now: () => number;
  /** IMAGE_DECODE_BUDGET_MB in bytes (docs/security.md#image-decoding); default images/budget.ts'. */
  decodeBudgetBytes?: number;
}

/** What goes into an owner's library, once the caller's rights are settled. */
export interface StoreInput {
  file: Buffer;
  name: string;
  fid?: number;
  keywords?: string[];
  /** Tier level (docs/editor.md#materials); uploads are 0, the demo library sets some. */
  level?: number;
}

/** One order on both databases, whatever their collation. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The material's name from the uploaded file's name: without extension or control characters. */
function nameFromFile(filename: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = path.basename(filename.replace(/\\/g, '/'), path.extname(filename)).replace(/[\u0000-\u001f\u007f]/g, '');
  return base.trim().slice(0, MATERIAL_NAME_MAX) || 'image';
}

/**
 * The material library (docs/editor.md#materials, the editor's material browser): uploads, search, folders and keywords.
 * A call names a library by `userId` (0 = the caller's own); a parent reaches its sub-accounts'
 * libraries, a sub-account only its own, and anything else is not found (docs/domain.md#accounts-and-scope).
 */
export function createMaterialService(deps: MaterialServiceDeps) {
  const { repo, storage, now } = deps;
  const { inTransaction } = repo;
  // Two uploads decoded at a time, of which one large (images/budget.ts): a burst of them queues.
  const limitDecodes = pLimit(2);

  /** The library a call works on: 0 = the caller's own; another account must be in the caller's scope. */
  function ownerFor(caller: Caller, userId: number | undefined): number {
    if (!userId || userId === SELF_ACCOUNT_ID) return caller.id;
    if (!caller.scope.accountIds.includes(userId)) throw notFound();
    return userId;
  }

  /** `fid` 0 is the root; any other must be a folder of the owner (docs/editor.md#materials). */
  async function checkFolder(ownerId: number, fid: number) {
    if (fid !== 0 && !(await repo.folderOfOwner(ownerId, fid))) throw folderNotFound();
  }

  async function toItems(rows: MaterialRow[], lang: Lang): Promise<MaterialItem[]> {
    const byMaterial = new Map<number, string[]>();
    for (const k of await repo.keywordsOf(rows.map((r) => r.id))) {
      byMaterial.set(k.material_id, [...(byMaterial.get(k.material_id) ?? []), k.keyword]);
    }
    return rows.map((r) => materialItem(storage, r, (byMaterial.get(r.id) ?? []).sort(byCodePoint), lang));
  }

  async function materialInScope(caller: Caller, id: number) {
    const [row] = await repo.materialsInScope(caller.scope, [id]);
    if (!row) throw notFound();
    return row;
  }

  async function info(caller: Caller, id: number, lang: Lang) {
    const [item] = await toItems([await materialInScope(caller, id)], lang);
    return item!;
  }

  /** Checks and re-encodes a file (images.ts); throws the seller's message when it is refused. */
  const prepare = (file: Buffer) => limitDecodes(() => prepareImage(file, deps.decodeBudgetBytes));

  /**
   * Writes a prepared image's blobs and its library row. Files get random names, never the content hash
   * (a hash as a name tells anyone holding the same picture that this owner has it; docs/security.md#blob-privacy);
   * the hash is kept in the row, and an owner's second upload of a picture reuses the files of the first.
   */
  async function save(ownerId: number, img: PreparedImage, meta: Omit<StoreInput, 'file'>, original?: Buffer): Promise<number> {
    const ext = img.format === 'png' ? 'png' : 'jpg';
    const originalSha = original ? await sha256Hex(original) : null;
    // Copies stored before random names carry the hash in their name: not reused, so no new URL shows it.
    const copies = (await repo.copiesOf(ownerId, img.sha256)).filter((c) => !c.image_key.includes(img.sha256));
    const base = `materials/${ownerId}/${randomBytes(16).toString('base64url')}`;
    const same = copies[0];
    const keys = {
      image_key: same?.image_key ?? `${base}.${ext}`,
      thumb_key: same?.thumb_key ?? `${base}_${MATERIAL_THUMB_WIDTH}.${ext}`,
      thumb1200_key: same?.thumb1200_key ?? `${base}_${EDITOR_THUMB_WIDTH}.${ext}`,
      // As uploaded (material download gives it back byte for byte, as an attachment); never served by
      // URL (storage/blobAccess.ts). Materials made here (the demo library) have no other original than their image.
      original_key:
        original && originalSha
          ? (copies.find((c) => c.original_sha256 === originalSha)?.original_key ??
            `originals/${ownerId}/${randomBytes(16).toString('base64url')}.${ext}`)
          : null,
    };
    const blobs: [string, Buffer][] = [
      [keys.image_key, img.data],
      [keys.thumb_key, img.thumb],
      [keys.thumb1200_key, img.thumb1200],
    ];
    if (keys.original_key && original) blobs.push([keys.original_key, original]);
    for (const [key, data] of blobs) {
      if (!(await storage.exists(key))) await storage.put(key, data);
    }
    return inTransaction(async (r) => {
      const id = await r.insertMaterial({
        owner_id: ownerId,
        fid: meta.fid ?? 0,
        name: meta.name,
        level: meta.level ?? 0,
        format: img.format,
        width: img.width,
        height: img.height,
        bytes: img.data.length,
        sha256: img.sha256,
        original_sha256: originalSha,
        ...keys,
        created_at: now(),
      });
      await r.setKeywords(id, ownerId, [...new Set(meta.keywords ?? [])]);
      return id;
    });
  }

  /**
   * Puts a file into an owner's library: the one path of uploads, crops and the demo library. The
   * image is checked and re-encoded before anything is written, so a refused file leaves no blob and no row.
   */
  async function store(ownerId: number, input: StoreInput): Promise<number> {
    const { file, ...meta } = input;
    return save(ownerId, await prepare(file), meta, file);
  }

  return {
    ownerFor,
    info,

    /** Material search (docs/editor.md#materials: the material query). */
    async list(caller: Caller, q: MaterialListQuery, lang: Lang) {
      const ownerId = ownerFor(caller, q.userId);
      let fids: number[] | undefined;
      if (q.fid !== 0) {
        // A folder includes its subfolders, as the cascader's parent node stands for everything under it.
        const folders = await repo.foldersOf(ownerId);
        if (!folders.some((f) => f.id === q.fid)) throw folderNotFound();
        fids = [...subtreeOf(folders, q.fid)];
      }
      const { total, rows } = await repo.search({
        ownerId,
        fids,
        name: q.name || undefined,
        keywords: splitKeywords(q.keywords ?? ''),
        limit: q.pageSize,
        offset: (q.pageNumber - 1) * q.pageSize,
      });
      return { source_list: await toItems(rows, lang), num_total: total };
    },

    /**
     * An upload (upLoad, docs/api.md#editor) or a crop (uploadCrop). The library is the caller's, or with `userId` a
     * sub-account's it manages; a crop with `source_id` joins its source's library, folder and keywords.
     */
    async upload(caller: Caller, file: UploadedFile, fields: MaterialUploadFields, opts: { crop: boolean; lang: Lang }) {
      let ownerId: number;
      let fid = fields.fid;
      let keywords = fields.keywords;
      let name = fields.name;
      if (opts.crop && fields.source_id !== undefined) {
        const source = await materialInScope(caller, fields.source_id);
        ownerId = source.owner_id;
        fid ??= source.fid;
        keywords ??= (await repo.keywordsOf([source.id])).map((k) => k.keyword);
        name ??= `${source.name.slice(0, MATERIAL_NAME_MAX - 5)}-crop`;
      } else {
        ownerId = ownerFor(caller, fields.userId);
      }
      await checkFolder(ownerId, fid ?? 0);
      const id = await store(ownerId, { file: file.data, name: name ?? nameFromFile(file.filename), fid, keywords });
      return info(caller, id, opts.lang);
    },

    /** Rename, replace keywords, move to a folder of the material's owner. */
    async edit(caller: Caller, body: { id: number; name?: string; keywords?: string[]; fid?: number }, lang: Lang) {
      const m = await materialInScope(caller, body.id);
      if (body.fid !== undefined) await checkFolder(m.owner_id, body.fid);
      await inTransaction(async (r) => {
        const set = { ...(body.name !== undefined ? { name: body.name } : {}), ...(body.fid !== undefined ? { fid: body.fid } : {}) };
        if (Object.keys(set).length > 0) await r.updateMaterial(m.id, set);
        if (body.keywords) await r.setKeywords(m.id, m.owner_id, [...new Set(body.keywords)]);
      });
      return info(caller, m.id, lang);
    },

    /**
     * Deletes library entries, all or none. The files stay: keys are content-addressed and shared, and
     * saved designs (layer src/src1, docs/domain.md#design-areas-and-layers) keep pointing at their URLs.
     */
    async remove(caller: Caller, ids: number[]) {
      const unique = [...new Set(ids)];
      const found = await repo.materialsInScope(caller.scope, unique);
      if (found.length !== unique.length) throw notFound();
      return inTransaction((r) => r.deleteMaterials(unique));
    },

    async folderTree(caller: Caller, userId: number) {
      return buildTree(await repo.foldersOf(ownerFor(caller, userId)));
    },

    async addFolder(caller: Caller, body: { userId: number; pid: number; title: string }) {
      const ownerId = ownerFor(caller, body.userId);
      await checkFolder(ownerId, body.pid);
      if (body.pid !== 0 && depthOf(await repo.foldersOf(ownerId), body.pid) + 1 > MATERIAL_FOLDER_MAX_DEPTH) throw tooDeep();
      const id = await repo.insertFolder({ owner_id: ownerId, pid: body.pid, title: body.title, created_at: now() });
      return { id, pid: body.pid, title: body.title };
    },

    async renameFolder(caller: Caller, id: number, title: string) {
      const f = await repo.folderInScope(caller.scope, id);
      if (!f) throw notFound();
      await repo.updateFolder(f.id, { title });
      return { id: f.id, pid: f.pid, title };
    },

    async moveFolder(caller: Caller, id: number, pid: number) {
      const f = await repo.folderInScope(caller.scope, id);
      if (!f) throw notFound();
      const folders = await repo.foldersOf(f.owner_id);
      if (pid !== 0 && !folders.some((x) => x.id === pid)) throw folderNotFound();
      if (subtreeOf(folders, f.id).has(pid)) throw new AppError(400, 'materialFolderIntoItself');
      if (depthOf(folders, pid) + heightOf(folders, f.id) > MATERIAL_FOLDER_MAX_DEPTH) throw tooDeep();
      await repo.updateFolder(f.id, { pid });
      return { id: f.id, pid, title: f.title };
    },

    /** Deletes a folder only: its materials and subfolders move up to its parent (nothing is lost). */
    async deleteFolder(caller: Caller, id: number) {
      const f = await repo.folderInScope(caller.scope, id);
      if (!f) throw notFound();
      await inTransaction((r) => r.deleteFolder(f));
    },

    /** Most used first, so the browser's keyword toggles lead with what narrows the most. */
    async keywordList(caller: Caller, userId: number) {
      return (await repo.keywordCounts(ownerFor(caller, userId))).sort((a, b) => b.count - a.count || byCodePoint(a.keyword, b.keyword));
    },

    // Owner-level calls for trusted code (the demo library), not reachable from HTTP.
    store,
    prepare,
    save,
    hasMaterials: (ownerId: number) => repo.hasMaterials(ownerId),
    createFolder: (ownerId: number, pid: number, title: string) => repo.insertFolder({ owner_id: ownerId, pid, title, created_at: now() }),
  };
}

export type MaterialService = ReturnType<typeof createMaterialService>;
