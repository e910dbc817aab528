import { z } from 'zod';
import { num } from './numbers.js';
import { defineRoute } from './route.js';

/** Composition and synthesis calls (docs/api.md#finished-products: per-row synthesis and regenerate; docs/api.md#editor: compose). */

const id = num(z.number().int().positive());
/** A design in its wire form: JSON text of the design document (docs/domain.md#design-areas-and-layers; packages/design). */
const designText = z.string().min(2).max(2_000_000);

const started = z.object({
  /** The finished product's id, finished number and synthesis number. */
  id: z.number().int(),
  key_id: z.string(),
  task_id: z.string(),
  job_id: z.string(),
});

export const synthesisRoutes = {
  compose: defineRoute({
    method: 'POST',
    path: '/api/design/compose',
    summary: "Compose one design area's print image from its layer data; data is the image URL",
    tag: 'compose',
    auth: true,
    body: z.strictObject({
      product_id: id,
      /** JSON text of one design area: {id, background, layers} (the area id is the product's design_list id). */
      layerdata: designText,
    }),
    data: z.string(),
  }),
  cutpiece: defineRoute({
    method: 'GET',
    path: '/api/design/cutpiece',
    summary: "A design area's production pattern (SVG) with its placeholder replaced by a composed design image",
    tag: 'compose',
    auth: true,
    query: z.object({
      product_id: id,
      area_id: z.string().min(1),
      /** The composed design image URL (from compose); without it the pattern shows empty. */
      img: z.string().max(1000).optional(),
    }),
    /** Answered as image/svg+xml, not as an envelope. */
    data: z.string(),
  }),
  mockupPreview: defineRoute({
    method: 'POST',
    path: '/api/design/mockupPreview',
    summary: 'Mockups of a design for a list of SKUs (the live mockup preview)',
    tag: 'compose',
    auth: true,
    body: z.strictObject({ product_id: id, sku_ids: z.array(id).min(1).max(50), extends: designText }),
    data: z.object({
      list: z.array(z.object({ attr_id: z.number().int(), color: z.string(), size: z.string(), images: z.array(z.string()) })),
      prints: z.record(z.string(), z.string()),
    }),
  }),
  synthesisCreate: defineRoute({
    method: 'POST',
    path: '/api/synthesis/create',
    summary: 'Create a finished product from a design on a blank and start its synthesis job (per-row synthesis)',
    tag: 'synthesis',
    auth: true,
    body: z.strictObject({
      product_id: id,
      /** The SKU whose variant becomes the parent (母体). */
      attr_id: id,
      extends: designText,
      source_ids: z.string().max(10_000).default(''),
      is_online: num(z.literal(0)).default(0),
    }),
    data: started,
  }),
  regenerate: defineRoute({
    method: 'POST',
    path: '/api/finished/regenerate',
    summary: "Recompose a finished product's images (regenerate, type 2); empty layer data keeps the saved design",
    tag: 'synthesis',
    auth: true,
    body: z.strictObject({
      key_id: z.string().min(1).max(64),
      type: num(z.literal(2)).default(2),
      extends: z.string().max(2_000_000).default(''),
      source_ids: z.string().max(10_000).default(''),
      layerdata: z.string().max(2_000_000).default(''),
    }),
    data: started,
  }),
  designResave: defineRoute({
    method: 'POST',
    path: '/api/finished/designResave',
    summary:
      "Save a re-design of a finished product and recompose it: type 1 the current size only (key_id of a size variant, or the product's for its parent variant's size), type 2 every size",
    tag: 'synthesis',
    auth: true,
    body: z.strictObject({
      key_id: z.string().min(1).max(64),
      type: num(z.union([z.literal(1), z.literal(2)])),
      extends: designText,
      source_ids: z.string().max(10_000).default(''),
      layerdata: z.string().max(2_000_000).default(''),
    }),
    data: started,
  }),
  designLayerlog: defineRoute({
    method: 'POST',
    path: '/api/finished/getDesignLayerlog',
    summary: 'The layer record of a finished product (or of one size variant) to re-design it in the editor',
    tag: 'synthesis',
    auth: true,
    body: z.strictObject({ key_id: z.string().min(1).max(64) }),
    data: z.object({
      id: z.number().int(),
      key_id: z.string(),
      product_id: z.number().int(),
      attr_id: z.number().int(),
      size: z.string(),
      /** The design document (JSON text) to open: the size's own design, else the product's. */
      layerdata: z.string(),
      extends: z.string(),
    }),
  }),
} as const;
