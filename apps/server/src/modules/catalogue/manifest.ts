import { COLOR_FAMILIES, hasCjk, isListingName, isPlainName, LISTING_NAME_MAX } from '@app/contract';
import { z } from 'zod';

/**
 * The catalogue folder format (`npm run catalogue:import -- <dir>`), documented in
 * docs/catalogue-format.md. Paths in a manifest are relative to the product's folder.
 *
 *   <dir>/catalogue.json            { categories: Category[] }
 *   <dir>/products/<code>/product.json   ProductManifest
 *   <dir>/products/<code>/…         the images and SVGs it names
 */

const relPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split(/[\\/]/).includes('..'), 'paths stay inside the product folder');
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour code is #rrggbb');

export interface CategoryManifest {
  code: string;
  name: string;
  children?: CategoryManifest[] | undefined;
}
export const categoryManifest: z.ZodType<CategoryManifest> = z.lazy(() =>
  z.strictObject({
    code: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    children: z.array(categoryManifest).optional(),
  }),
);
export const catalogueManifest = z.strictObject({ categories: z.array(categoryManifest).min(1) });

/** A printable region of the blank (docs/domain.md#design-areas-and-layers: design area). */
export const areaManifest = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** diy_layername; shown on the editor tab when showName (else "Layer N"). */
  name: z.string().min(1),
  showName: z.boolean().default(true),
  /** The printable outline, an SVG path in the 600×600 editor space (area_path). */
  path: z.string().min(1),
  /** Print file size in pixels of the outline's bounding box (about 150–300 dpi of the real print). */
  print: z.strictObject({ width: z.number().int().min(64).max(8000), height: z.number().int().min(64).max(8000) }),
  /**
   * The production pattern: an SVG with one <image> whose href is the placeholder `{{design}}`; the server
   * serves it with the composed design's URL in its place.
   */
  cutpiece: relPath,
});

/** Where a design area's print lands on a mockup view, in the view's pixels. */
export const placementManifest = z.strictObject({
  area: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
});

/**
 * One photo-like view of the blank (front, back…). Composition per colour: base(colour), then each
 * placement's print clipped by `mask` and multiplied by `shading` (folds, curvature), then `highlight`
 * screened on top (sheen), so the fabric shows through the print.
 */
export const viewManifest = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  width: z.number().int().min(200).max(4000),
  height: z.number().int().min(200).max(4000),
  /** Base image per colour name (PNG or JPEG, the view's size): the blank in that colour. */
  bases: z.record(z.string(), relPath),
  /** Greyscale PNG, view size: white = unchanged, darker = shadow on the print. */
  shading: relPath,
  /** Optional greyscale PNG, view size: black = unchanged, lighter = sheen over the print. */
  highlight: relPath.optional(),
  /** Optional greyscale PNG, view size: white where print may show (the blank's silhouette). */
  mask: relPath.optional(),
  placements: z.array(placementManifest).min(1),
});

/** An English listing name: Latin text, 1–50 characters (no Chinese, no control characters). */
const listingName = z
  .string()
  .trim()
  .refine(isListingName, `an English name: 1–${LISTING_NAME_MAX} characters without Chinese or control characters`);

export const productManifest = z.strictObject({
  code: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  /** The English name: the default listing title of products made on this blank. */
  nameEn: z
    .string()
    .trim()
    .max(200)
    .refine((s) => s === '' || (!hasCjk(s) && isPlainName(s)), 'an English name without Chinese or control characters')
    .default(''),
  /** A category code of catalogue.json (usually a leaf). */
  category: z.string(),
  /** Product search tag (docs/domain.md#catalogue-codes): 0 new, 1 promo, 2 hot, 3 premium. */
  tag: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
    .nullable()
    .default(null),
  level: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).default(0),
  /** Catalogue thumbnail (PNG/JPEG). */
  thumb: relPath,
  /**
   * Colours: `name` what sellers see (and the key of `bases`), `code` #rrggbb, `en` the English name listings use
   * and `family` the large marketplace's colour family (docs/catalogue-format.md#colours-and-sizes-in-english);
   * without them the import derives them, or refuses a colour it cannot name.
   */
  colors: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        code: hex,
        en: listingName.optional(),
        family: z.enum(COLOR_FAMILIES, { message: `a colour family is one of ${COLOR_FAMILIES.join(', ')}` }).optional(),
      }),
    )
    .min(1)
    .max(12),
  /** Sizes; a product without sizes has one size, "均码" (one size). */
  sizes: z.array(z.string().min(1)).max(12).default([]),
  /** English names of sizes that are not already English (keys must be sizes); "均码" is "One Size". */
  sizeNames: z.record(z.string(), listingName).default({}),
  /** Price of every SKU, with optional overrides per size. */
  price: z.number().min(0),
  /** Grams of one unit, packed: an order's shipping weight (docs/orders.md#shipping); absent, 300. */
  weight: z.number().int().min(1).max(30_000).optional(),
  sizePrices: z.record(z.string(), z.number().min(0)).default({}),
  areas: z.array(areaManifest).min(1).max(3),
  views: z.array(viewManifest).min(1).max(4),
});
export type ProductManifest = z.infer<typeof productManifest>;
export type AreaManifest = z.infer<typeof areaManifest>;
export type ViewManifest = z.infer<typeof viewManifest>;

export const ONE_SIZE = '均码';

/**
 * What is stored in product.spec: the manifest with every file replaced by its blob key
 * (content-addressed, under catalogue/), so the product reads without the import folder.
 */
export interface ProductSpec {
  colors: { name: string; code: string }[];
  sizes: string[];
  areas: (Omit<AreaManifest, 'cutpiece'> & { cutpiece: string; bbox: { x: number; y: number; width: number; height: number } })[];
  views: (Omit<ViewManifest, 'bases' | 'shading' | 'highlight' | 'mask'> & {
    bases: Record<string, string>;
    shading: string;
    highlight?: string | undefined;
    mask?: string | undefined;
    /** A small JPEG of the view in the first colour, made at import (the editor's psds thumbnails). */
    thumb?: string | undefined;
  })[];
}
