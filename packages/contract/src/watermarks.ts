import { z } from 'zod';
import { plainName } from './sellerText.js';
import { commaJoinedIds, num } from './numbers.js';
import { defineRoute } from './route.js';
import type { MessageKey } from './messages.js';

/**
 * Watermarks (`/watermark/*`; docs/watermarks.md): a text or an uploaded
 * PNG laid on the images an export writes. The rules live here, pure, so the server refuses and the edit
 * page warns with the same messages.
 */

export const WATERMARK_TYPES = ['text', 'image'] as const;
export type WatermarkType = (typeof WATERMARK_TYPES)[number];
export const WATERMARK_NAME_MAX = 50;
export const WATERMARK_TEXT_MAX = 100;
export const WATERMARK_FONT_SIZE = { min: 8, max: 400 } as const;
export const WATERMARK_MARGIN = { min: 0, max: 1000 } as const;
/** Scale: the fraction of the image's width the watermark spans (docs/watermarks.md#scale-and-sizes). */
export const WATERMARK_SCALE = { min: 0.05, max: 1 } as const;
export const WATERMARK_ROTATION = { min: -180, max: 180 } as const;
export const WATERMARK_PAGE_SIZE_MAX = 100;
/** An uploaded watermark PNG: at most 2 MB and 4000 px a side. */
export const WATERMARK_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const WATERMARK_IMAGE_MAX_SIDE = 4000;
/** Font sizes and margins are pixels on an image this wide; a wider or narrower image scales them. */
export const WATERMARK_REFERENCE_WIDTH = 1000;

/**
 * How a watermark is drawn: what the server's renderer reads of a valid one (watermarkProblem is null),
 * beside the PNG of an image one.
 */
export interface WatermarkSpec {
  type: WatermarkType;
  text: string;
  font_family: string;
  color: string;
  font_size: number;
  /** 1–9 in reading order: 1 top-left, 5 centre, 9 bottom-right. */
  position: number;
  margin: number;
  scale: number;
  opacity: number;
  rotation: number;
}

/** The fields a seller sets (the API's field names), not yet checked. */
export interface WatermarkFields extends Omit<WatermarkSpec, 'type'> {
  name: string;
  type: string;
  /** Image kind: the upload's token (or the stored image's address, unchanged, on update). */
  image_url: string;
}

export interface WatermarkProblem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

const between = (v: number, lo: number, hi: number) => Number.isFinite(v) && v >= lo && v <= hi;

/**
 * The first thing wrong with a watermark, as a catalogue message, or null. `fonts` is the design fonts'
 * families (@app/design FONT_FAMILIES): a text watermark renders with the glyphs the designs use.
 */
export function watermarkProblem(w: WatermarkFields, fonts: readonly string[]): WatermarkProblem | null {
  const name = w.name.trim();
  if (name === '') return { key: 'watermarkNameRequired' };
  if ([...name].length > WATERMARK_NAME_MAX) return { key: 'watermarkNameTooLong', params: { max: WATERMARK_NAME_MAX } };
  if (!(WATERMARK_TYPES as readonly string[]).includes(w.type)) return { key: 'watermarkType' };
  if (w.type === 'text') {
    const text = w.text.trim();
    if (text === '') return { key: 'watermarkTextRequired' };
    if ([...text].length > WATERMARK_TEXT_MAX) return { key: 'watermarkTextTooLong', params: { max: WATERMARK_TEXT_MAX } };
    if (!fonts.includes(w.font_family)) return { key: 'watermarkFont' };
    if (!/^#[0-9a-fA-F]{6}$/.test(w.color)) return { key: 'watermarkColor' };
    if (!Number.isInteger(w.font_size) || !between(w.font_size, WATERMARK_FONT_SIZE.min, WATERMARK_FONT_SIZE.max))
      return { key: 'watermarkFontSize', params: WATERMARK_FONT_SIZE };
  } else if (w.image_url.trim() === '') return { key: 'watermarkImageRequired' };
  if (!Number.isInteger(w.position) || !between(w.position, 1, 9)) return { key: 'watermarkPosition' };
  if (!Number.isInteger(w.margin) || !between(w.margin, WATERMARK_MARGIN.min, WATERMARK_MARGIN.max))
    return { key: 'watermarkMargin', params: WATERMARK_MARGIN };
  if (!between(w.scale, WATERMARK_SCALE.min, WATERMARK_SCALE.max)) return { key: 'watermarkScale', params: WATERMARK_SCALE };
  if (!between(w.opacity, 0, 1)) return { key: 'watermarkOpacity' };
  if (!Number.isInteger(w.rotation) || !between(w.rotation, WATERMARK_ROTATION.min, WATERMARK_ROTATION.max))
    return { key: 'watermarkRotation', params: WATERMARK_ROTATION };
  return null;
}

const id = num(z.number().int().positive());
// Ranges and enums are checked by watermarkProblem, which names them in the seller's language.
const textField = z.string().max(1000);
const amount = num(z.number());

const fields = {
  name: plainName(textField),
  type: textField,
  text: textField,
  image_url: z.string().max(2000),
  font_family: textField,
  color: textField,
  font_size: amount,
  position: amount,
  margin: amount,
  scale: amount,
  opacity: amount,
  rotation: amount,
};

/** What the add call and the preview take; defaults are a white text at the bottom right. */
const addBody = z.strictObject({
  name: fields.name,
  type: fields.type,
  text: fields.text.default(''),
  image_url: fields.image_url.default(''),
  font_family: fields.font_family.default('Noto Sans SC'),
  color: fields.color.default('#FFFFFF'),
  font_size: fields.font_size.default(48),
  position: fields.position,
  margin: fields.margin.default(20),
  scale: fields.scale.default(0.3),
  opacity: fields.opacity.default(0.6),
  rotation: fields.rotation.default(0),
});

export const watermark = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(WATERMARK_TYPES),
  text: z.string(),
  /** Image kind: the stored PNG's address, shown to its owner's session only (docs/security.md#blob-privacy); '' for text. */
  image_url: z.string(),
  font_family: z.string(),
  color: z.string(),
  font_size: z.number().int(),
  position: z.number().int(),
  margin: z.number().int(),
  scale: z.number(),
  opacity: z.number(),
  rotation: z.number().int(),
  /** Grows on every update: cached watermarked copies are per version. */
  version: z.number().int(),
  owner_id: z.number().int(),
  username: z.string(),
  /** Unix seconds. */
  createtime: z.number().int(),
  updated_at: z.number().int(),
});
export type Watermark = z.infer<typeof watermark>;

export const watermarkRoutes = {
  watermarkList: defineRoute({
    method: 'GET',
    path: '/api/watermark/getlist',
    summary: "The caller's watermarks (a parent's include its sub-accounts'), newest first (data.datalist)",
    tag: 'watermark',
    auth: true,
    query: z.object({
      /** Part of the name. */
      name: z.string().max(200).optional(),
      pageNumber: num(z.number().int().min(1)).default(1),
      pageSize: num(z.number().int().min(1).max(WATERMARK_PAGE_SIZE_MAX)).default(WATERMARK_PAGE_SIZE_MAX),
    }),
    data: z.object({ datalist: z.array(watermark), total: z.number().int() }),
  }),
  watermarkGet: defineRoute({
    method: 'GET',
    path: '/api/watermark/update',
    summary: 'One watermark, for its edit form (GET /watermark/update?id)',
    tag: 'watermark',
    auth: true,
    query: z.object({ id }),
    data: watermark,
  }),
  watermarkAdd: defineRoute({
    method: 'POST',
    path: '/api/watermark/add',
    summary: 'Create a watermark; an image one sends the image_url its upload answered',
    tag: 'watermark',
    auth: true,
    body: addBody,
    data: watermark,
  }),
  watermarkUpdate: defineRoute({
    method: 'POST',
    path: '/api/watermark/update',
    summary: 'Change a watermark: the fields sent replace the stored ones; the version grows',
    tag: 'watermark',
    auth: true,
    body: z.strictObject({
      id,
      name: fields.name.optional(),
      type: fields.type.optional(),
      text: fields.text.optional(),
      image_url: fields.image_url.optional(),
      font_family: fields.font_family.optional(),
      color: fields.color.optional(),
      font_size: fields.font_size.optional(),
      position: fields.position.optional(),
      margin: fields.margin.optional(),
      scale: fields.scale.optional(),
      opacity: fields.opacity.optional(),
      rotation: fields.rotation.optional(),
    }),
    data: watermark,
  }),
  watermarkDel: defineRoute({
    method: 'POST',
    path: '/api/watermark/del',
    summary: 'Delete watermarks (ids comma-joined or an array); all or nothing',
    tag: 'watermark',
    auth: true,
    body: z.strictObject({
      ids: z.union([commaJoinedIds(10_000), z.array(id).min(1).max(1000)]),
    }),
    data: z.object({ deleted: z.number().int() }),
  }),
  watermarkUploadImage: defineRoute({
    method: 'POST',
    path: '/api/watermark/uploadImage',
    summary: 'Upload a watermark PNG (multipart `file`, ≤ 2 MB, ≤ 4000 px a side); answers the token add/update take',
    tag: 'watermark',
    auth: true,
    data: z.object({
      /** Signed for the uploader: send it back as image_url. */
      image_url: z.string(),
      /** The stored PNG's address, for the form to show (the owner's session only). */
      url: z.string(),
      width: z.number().int(),
      height: z.number().int(),
    }),
  }),
  watermarkPreview: defineRoute({
    method: 'POST',
    path: '/api/watermark/preview',
    summary: 'A sample mockup with the (unsaved) watermark laid on it; answered as image/jpeg, not as an envelope',
    tag: 'watermark',
    auth: true,
    body: addBody.extend({ name: fields.name.default('') }),
    data: z.string(),
  }),
} as const;
