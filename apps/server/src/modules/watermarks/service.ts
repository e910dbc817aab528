import { createHmac, randomBytes } from 'node:crypto';
import { FONT_FAMILIES } from '@app/design';
import {
  WATERMARK_IMAGE_MAX_SIDE,
  watermarkProblem,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type routes,
  type Watermark,
  type WatermarkFields,
  type WatermarkType,
} from '@app/contract';
import type { Scope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError, conflict } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import { readImageHeader } from '../../images/decode.js';
import { JobFailure } from '../../jobs/queue.js';
import { encodeImage } from '../../images/encode.js';
import { HEADER_ONLY, uploadDecode } from '../../images/sharp.js';
import { checkDecodeBudget, DEFAULT_DECODE_BUDGET_BYTES, inDecodeSlot } from '../../images/budget.js';
import type { Signer } from '../../secrets/index.js';
import { blobRule, mayRead } from '../../storage/blobAccess.js';
import type { BlobStorage } from '../../storage/blobStorage.js';
import { WATERMARK_RENDER_VERSION, type RenderSpec } from './render.js';
import { createWatermarkRenderer } from './renderer.js';
import type { WatermarkRecord, WatermarkRepo } from './repo.js';
import { sampleMockup } from './sample.js';

/** The purpose of the watermarked copies' name key (secrets/ deriveKey). */
export const WATERMARK_NAMES = 'watermark-names';
/** The purpose an upload's token is signed for; it is good for a day (a form left open over lunch still saves). */
const UPLOAD_TOKEN = 'watermark-image';
const UPLOAD_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** Live previews per account: this many in this window, then 429 for the rest of it. */
export const PREVIEW_LIMIT = { max: 40, windowMs: 10_000 };

const FONTS = FONT_FAMILIES.map((f) => f.family);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface WatermarkServiceDeps {
  repo: Pick<WatermarkRepo, 'get' | 'inTransaction' | 'insert' | 'nameTaken' | 'page' | 'update'>;
  storage: Pick<BlobStorage, 'exists' | 'get' | 'put' | 'url'>;
  signer: Signer;
  now: () => number;
  /** Key of the watermarked copies' names (hex; services.ts derives it for WATERMARK_NAMES). */
  nameKey: string;
  /** Threads rendering watermarks (renderer.ts); 0 renders on the calling thread. Default 1. */
  threads?: number;
  /** IMAGE_DECODE_BUDGET_MB in bytes (docs/security.md#image-decoding). */
  decodeBudgetBytes?: number;
}

/**
 * Watermarks (docs/watermarks.md, docs/api.md#export-and-shops): owned rows, scoped like every other, their
 * uploaded PNGs private to the owner, and the watermarked copies the export writes, composed once per
 * (image, watermark, version).
 */
export function createWatermarkService(deps: WatermarkServiceDeps) {
  const { repo, storage, signer, now } = deps;
  const nameKey = Buffer.from(deps.nameKey, 'hex');
  const renderer = createWatermarkRenderer({ threads: deps.threads ?? 1 });
  const { inTransaction } = repo;

  /** The drawing spec of a stored watermark (the contract's WatermarkSpec; scale and opacity are kept as text). */
  const drawingOf = (r: WatermarkRecord) => ({
    type: r.type,
    text: r.text,
    font_family: r.font_family,
    color: r.color,
    font_size: r.font_size,
    position: r.position,
    margin: r.margin,
    scale: Number(r.scale),
    opacity: Number(r.opacity),
    rotation: r.rotation,
  });

  const view = (r: WatermarkRecord): Watermark => ({
    id: r.id,
    name: r.name,
    ...drawingOf(r),
    image_url: r.image_blob ? storage.url(r.image_blob) : '',
    version: r.version,
    owner_id: r.owner_id,
    username: r.username,
    createtime: Math.floor(r.created_at / 1000),
    updated_at: Math.floor(r.updated_at / 1000),
  });

  const check = (w: WatermarkFields) => {
    const problem = watermarkProblem(w, FONTS);
    if (problem) throw new AppError(400, problem.key, problem.params);
  };

  /** The blob an upload token names, when the token is genuine, the caller's own, and the file is there. */
  async function uploadedBlob(caller: Caller, token: string): Promise<string> {
    const p = signer.verify<{ o: number; b: string }>(UPLOAD_TOKEN, token.trim());
    if (!p || p.o !== caller.id || typeof p.b !== 'string' || !(await storage.exists(p.b))) {
      throw new AppError(400, 'watermarkImageInvalid');
    }
    return p.b;
  }

  /** The row's text and image columns of a valid watermark: an image one keeps only its blob. */
  const columnsOf = (w: WatermarkFields, imageBlob: string | null) => ({
    name: w.name.trim(),
    type: w.type as WatermarkType,
    text: w.type === 'text' ? w.text.trim() : '',
    image_blob: w.type === 'image' ? imageBlob : null,
    font_family: w.font_family,
    color: w.color.toUpperCase(),
    font_size: w.font_size,
    position: w.position,
    margin: w.margin,
    scale: String(w.scale),
    opacity: String(w.opacity),
    rotation: w.rotation,
  });

  const fieldsOf = (b: ParsedBodyOf<typeof routes.watermarkAdd>): WatermarkFields => ({
    name: b.name,
    type: b.type,
    text: b.text ?? '',
    image_url: b.image_url ?? '',
    font_family: b.font_family ?? '',
    color: b.color ?? '',
    font_size: b.font_size,
    position: b.position,
    margin: b.margin,
    scale: b.scale,
    opacity: b.opacity,
    rotation: b.rotation,
  });

  async function list(caller: Caller, q: ParsedQueryOf<typeof routes.watermarkList>) {
    const { pageNumber, pageSize } = q;
    const { list, count } = await repo.page(caller.scope, q.name, pageSize, (pageNumber - 1) * pageSize);
    return { datalist: list.map(view), total: count };
  }

  async function get(caller: Caller, id: number): Promise<Watermark> {
    const row = await repo.get(caller.scope, id);
    if (!row) throw new AppError(404, 'watermarkNotFound');
    return view(row);
  }

  /** The uploaded PNG stored for `ownerId`: a parent's upload saved on a sub-account's row is copied into the sub's files. */
  async function blobFor(ownerId: number, blob: string): Promise<string> {
    if (blob.startsWith(`materials/${ownerId}/`)) return blob;
    const copy = imageKey(ownerId);
    await storage.put(copy, await storage.get(blob));
    return copy;
  }

  async function add(caller: Caller, body: ParsedBodyOf<typeof routes.watermarkAdd>) {
    const w = fieldsOf(body);
    check(w);
    const blob = w.type === 'image' ? await uploadedBlob(caller, w.image_url) : null;
    const cols = columnsOf(w, blob);
    if (await repo.nameTaken(caller.id, cols.name)) throw conflict('watermarkNameTaken');
    const at = now();
    try {
      const { id } = await repo.insert({ owner_id: caller.id, ...cols, created_at: at, updated_at: at });
      return get(caller, id);
    } catch (e) {
      // Two adds of one name at once: the unique index decides.
      if (isUniqueViolation(e)) throw conflict('watermarkNameTaken');
      throw e;
    }
  }

  async function update(caller: Caller, body: ParsedBodyOf<typeof routes.watermarkUpdate>) {
    const id = body.id;
    const stored = await repo.get(caller.scope, id);
    if (!stored) throw new AppError(404, 'watermarkNotFound');
    const was = view(stored);
    const pick = <T>(v: T | undefined, old: T) => (v === undefined ? old : v);
    const w: WatermarkFields = {
      name: pick(body.name, was.name),
      type: pick(body.type, was.type),
      text: pick(body.text, was.text),
      image_url: pick(body.image_url, was.image_url),
      font_family: pick(body.font_family, was.font_family),
      color: pick(body.color, was.color),
      font_size: pick(body.font_size, was.font_size),
      position: pick(body.position, was.position),
      margin: pick(body.margin, was.margin),
      scale: pick(body.scale, was.scale),
      opacity: pick(body.opacity, was.opacity),
      rotation: pick(body.rotation, was.rotation),
    };
    check(w);
    // The stored image's own address sent back means "unchanged"; anything else must be a fresh upload's token.
    let blob: string | null = null;
    if (w.type === 'image') {
      blob =
        stored.image_blob && w.image_url === was.image_url
          ? stored.image_blob
          : await blobFor(was.owner_id, await uploadedBlob(caller, w.image_url));
    }
    const cols = columnsOf(w, blob);
    // The name is unique among its owner's watermarks (a parent editing a sub-account's checks the sub's).
    if (await repo.nameTaken(was.owner_id, cols.name, id)) throw conflict('watermarkNameTaken');
    try {
      if ((await repo.update(caller.scope, id, { ...cols, updated_at: now() })) !== 1) throw new AppError(404, 'watermarkNotFound');
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('watermarkNameTaken');
      throw e;
    }
    return get(caller, id);
  }

  async function del(caller: Caller, body: ParsedBodyOf<typeof routes.watermarkDel>) {
    const ids = [...new Set((Array.isArray(body.ids) ? body.ids : body.ids.split(',')).map(Number))];
    return inTransaction(async (r) => {
      // All or nothing: one id outside the caller's scope (or gone) and nothing is removed.
      if ((await r.remove(caller.scope, ids)) !== ids.length) throw new AppError(404, 'watermarkNotFound');
      return { deleted: ids.length };
    });
  }

  /** A fresh private name in the owner's files (docs/security.md#blob-privacy: materials/<owner>/… is the owner's). */
  const imageKey = (ownerId: number) => `materials/${ownerId}/watermark/${randomBytes(16).toString('base64url')}.png`;

  /**
   * Stores an uploaded watermark PNG: a PNG by its signature and by libvips' header read, at most
   * WATERMARK_IMAGE_MAX_SIDE a side, decoded in full (damaged data refused) and re-encoded, so what is
   * kept is pixels only. Answers the token add/update take (signed for this caller) and the file's address.
   */
  async function uploadImage(caller: Caller, file: UploadedFile) {
    const notPng = () => new AppError(400, 'watermarkImageNotPng');
    if (file.data.length < 8 || !file.data.subarray(0, 8).equals(PNG_SIGNATURE)) throw notPng();
    const header = await readImageHeader(file.data, HEADER_ONLY).catch(() => {
      throw notPng();
    });
    if (header.format !== 'png' || !header.width || !header.height) throw notPng();
    if (header.width > WATERMARK_IMAGE_MAX_SIDE || header.height > WATERMARK_IMAGE_MAX_SIDE) {
      throw new AppError(400, 'watermarkImageTooBig', { max: WATERMARK_IMAGE_MAX_SIDE });
    }
    await checkDecodeBudget(file.data, deps.decodeBudgetBytes ?? DEFAULT_DECODE_BUDGET_BYTES);
    const decoded = await inDecodeSlot(header.width * header.height, () =>
      encodeImage(file.data, { format: 'png' }, uploadDecode(WATERMARK_IMAGE_MAX_SIDE ** 2)).catch(() => {
        throw notPng();
      }),
    );
    if (!decoded) throw new AppError(503, 'uploadBusy');
    const png = decoded.value;
    const key = imageKey(caller.id);
    await storage.put(key, png.data);
    return {
      image_url: signer.sign(UPLOAD_TOKEN, { o: caller.id, b: key }, UPLOAD_TOKEN_TTL_MS),
      url: storage.url(key),
      width: png.width,
      height: png.height,
    };
  }

  /** What the renderer needs of a stored watermark. */
  const specOf = async (r: WatermarkRecord): Promise<RenderSpec> => ({
    ...drawingOf(r),
    ...(r.type === 'image' && r.image_blob ? { image: await storage.get(r.image_blob) } : {}),
  });

  const previews = new Map<number, { start: number; count: number }>();
  /** Per account, PREVIEW_LIMIT.max previews per window (a slider dragged fast is debounced by the page). */
  function takePreview(caller: Caller) {
    const at = now();
    let slot = previews.get(caller.id);
    if (!slot || at - slot.start >= PREVIEW_LIMIT.windowMs) {
      slot = { start: at, count: 0 };
      previews.set(caller.id, slot);
      // Old windows go, so the map holds only accounts previewing now.
      if (previews.size > 10_000) for (const [k, v] of previews) if (at - v.start >= PREVIEW_LIMIT.windowMs) previews.delete(k);
    }
    if (++slot.count > PREVIEW_LIMIT.max) {
      throw new AppError(429, 'tooManyAttempts', { seconds: Math.ceil((slot.start + PREVIEW_LIMIT.windowMs - at) / 1000) });
    }
  }

  /** The sample mockup with an unsaved watermark (the edit form's live preview), as JPEG. */
  async function preview(caller: Caller, body: ParsedBodyOf<typeof routes.watermarkPreview>): Promise<Buffer> {
    const w = fieldsOf({ ...body, name: 'preview' });
    check(w);
    takePreview(caller);
    let image: Buffer | undefined;
    if (w.type === 'image') {
      // A fresh upload's token, or the address of a stored watermark's image the caller may read.
      const url = w.image_url.trim();
      let stored: string | undefined;
      try {
        stored = url.startsWith('/files/') ? decodeURIComponent(url.slice('/files/'.length)) : undefined;
      } catch {
        throw new AppError(400, 'watermarkImageInvalid'); // a malformed %-escape
      }
      const key = stored !== undefined && mayRead(blobRule(stored), caller.scope) ? stored : await uploadedBlob(caller, url);
      if (!(await storage.exists(key))) throw new AppError(400, 'watermarkImageInvalid');
      image = await storage.get(key);
    }
    return renderer.render(await sampleMockup(), { ...w, type: w.type as WatermarkType, text: w.text.trim(), ...(image ? { image } : {}) });
  }

  // ---- Watermarked copies for the export (docs/watermarks.md#cache) ----
  const inFlight = new Map<string, Promise<string>>();
  let composed = 0;
  /** A copy's name: keyed with the server's key, so nobody can work it out from a guessed image. */
  const copyKey = (source: string, id: number, version: number) => {
    const ext = /\.png$/i.test(source) ? 'png' : 'jpg';
    const mac = createHmac('sha256', nameKey)
      .update(JSON.stringify([WATERMARK_RENDER_VERSION, source, id, version]))
      .digest('hex');
    return { key: `composed/watermarked/${mac}.${ext}`, format: ext === 'png' ? ('png' as const) : ('jpeg' as const) };
  };

  /**
   * The blob name of `sourceBlob` with watermark `watermarkId` laid on it, for the export. Composed once
   * per (source, watermark id, version) and found in storage after that (a concurrent call for the same
   * key waits for the first); an edit grows the version, so an edited watermark is composed afresh. The
   * source is only read, never written. `owner` is the account the export runs for (or its scope): a
   * watermark or an image outside it is not found. `version`: the version the caller named its copy after
   * (the export, at its call); a watermark edited since fails the job rather than compose the new version
   * under the old name.
   */
  async function watermarkedBlob(owner: number | Scope, sourceBlob: string, watermarkId: number, version?: number): Promise<string> {
    const scope: Scope = typeof owner === 'number' ? { accountIds: [owner] } : owner;
    const row = await repo.get(scope, watermarkId);
    if (!row) throw new AppError(404, 'watermarkNotFound');
    if (version !== undefined && row.version !== version)
      throw new JobFailure('exportWatermarkChanged', `watermark ${watermarkId} is at version ${row.version}, not ${version}`);
    if (!mayRead(blobRule(sourceBlob), scope)) throw new AppError(404, 'watermarkSourceMissing');
    const { key, format } = copyKey(sourceBlob, row.id, row.version);
    const running = inFlight.get(key);
    if (running) return running;
    const work = (async () => {
      if (await storage.exists(key)) return key;
      if (!(await storage.exists(sourceBlob))) throw new AppError(404, 'watermarkSourceMissing');
      const out = await renderer.render(await storage.get(sourceBlob), await specOf(row), format);
      composed++;
      await storage.put(key, out);
      return key;
    })();
    inFlight.set(key, work);
    try {
      return await work;
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    list,
    get,
    add,
    update,
    del,
    uploadImage,
    preview,
    watermarkedBlob,
    /** The current version of one of the scope's watermarks (an export names its copies after it), or undefined. */
    versionOf: async (scope: Scope, id: number) => (await repo.get(scope, id))?.version,
    /** How many copies this process has composed (tests: a cached copy is not composed again). */
    composedCount: () => composed,
    /** Stops the render thread. */
    close: () => renderer.close(),
  };
}
export type WatermarkService = ReturnType<typeof createWatermarkService>;
