import { z } from 'zod';
import { DESIGN_VERSION, migrateDesign } from './migrations.js';

/**
 * The design document (the canvas layer attributes; docs/domain.md#design-areas-and-layers): per design
 * area a list of layers plus a background colour. Versioned: `parseDesign` migrates every older shape
 * to the current one, so an old saved design always opens.
 *
 * Geometry lives in the 600×600 editor space of a design area: `x`, `y` are the layer's centre,
 * `width` × `height` its natural size, drawn at `scale`, turned `rotation` degrees clockwise about the
 * centre, mirrored by `flipX` / `flipY`.
 */

/** Tiling modes (putustr; docs/editor.md#tiling). */
export const TILE_MODES = { basic: '1', mirror: '2', vertical: '3', horizontal: '4' } as const;
export type TileMode = (typeof TILE_MODES)[keyof typeof TILE_MODES];

export const textAlign = z.enum(['left', 'center', 'right']);

export const layerSchema = z.object({
  /** Identity of the layer within its area (editor selection, undo). */
  id: z.string().min(1),
  type: z.enum(['image', 'text']),
  /** Material id in the library; null for local images and text. */
  sourceid: z.number().int().nullable().default(null),
  /** The image shown (the library's thumb1200 or an upload). */
  src: z.string().default(''),
  /** The original file (src1 on the wire). */
  src1: z.string().default(''),
  /** A derived image replacing src when set (crop result). */
  image: z.string().default(''),
  text: z.string().default(''),
  width: z.number().positive(),
  height: z.number().positive(),
  x: z.number(),
  y: z.number(),
  rotation: z.number().default(0),
  scale: z.number().positive().default(1),
  flipX: z.boolean().default(false),
  flipY: z.boolean().default(false),
  opacity: z.number().min(0).max(1).default(1),
  /** Tiled flag and tile mode (docs/editor.md#tiling); putustr '' when not tiled. */
  putu: z.union([z.literal(0), z.literal(1)]).default(0),
  putustr: z.enum(['', '1', '2', '3', '4']).default(''),
  status: z.enum(['', 'background']).default(''),
  fontFamily: z.string().default('Noto Sans SC'),
  fontSize: z.number().min(12).max(100).default(20),
  fill: z.string().default('#000000'),
  align: textAlign.default('center'),
  fontWeight: z.enum(['normal', 'bold']).default('normal'),
});
export type Layer = z.output<typeof layerSchema>;
export type LayerInput = z.input<typeof layerSchema>;

export const areaSchema = z.object({
  /** The product's design area id (design_list id: the catalogue's area code, e.g. "front"; numbers in old records). */
  id: z.union([z.string().min(1), z.number().int()]),
  /** Background colour of the area, '' for none (transparent). */
  background: z.string().default(''),
  layers: z.array(layerSchema).default([]),
});
export type DesignArea = z.output<typeof areaSchema>;

export const designSchema = z.object({
  version: z.literal(DESIGN_VERSION),
  areas: z.array(areaSchema),
});
export type DesignDocument = z.output<typeof designSchema>;

/** Reads a design from its wire form (JSON text or object) in any version, migrated to the current one. */
export function parseDesign(input: unknown): DesignDocument {
  const raw = typeof input === 'string' ? (JSON.parse(input) as unknown) : input;
  return designSchema.parse(migrateDesign(raw));
}

/** The wire form (`extends` / `layerdata` JSON text). */
export const serializeDesign = (doc: DesignDocument) => JSON.stringify(designSchema.parse(doc));
