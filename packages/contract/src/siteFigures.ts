import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * The cloud-image advantage page's live figures (docs/mobile.md#site-figures): counts across every account that
 * tell nothing of any one of them, read at most once a minute by each server process.
 */
export const siteFigures = z.object({
  /** Blanks on sale: catalogue products with at least one SKU (colour × size) offered. */
  blanks: z.number().int(),
  /** Distinct colour names across the SKUs of those blanks. */
  colours: z.number().int(),
  /** Finished products in every account's list (combined-away ones not counted), whatever their state. */
  finished: z.number().int(),
  /**
   * Finished products whose images are composed (ready), of those in `finished`. The server keeps no count of single
   * images: each of these holds its mockups in every colour and view and its prints.
   */
  composed_images: z.number().int(),
  /**
   * Median milliseconds from asking for a composition to its images being written, over the latest finished
   * compositions (SITE_FIGURES_COMPOSE_SAMPLE): the waiting in the queue included. Null before the first one.
   */
  median_compose_ms: z.number().int().nullable(),
  /** Unix seconds: when these figures were read (up to a minute before the answer). */
  measured_at: z.number().int(),
});
export type SiteFigures = z.infer<typeof siteFigures>;

export const siteFigureRoutes = {
  siteFigures: defineRoute({
    method: 'GET',
    path: '/api/site/figures',
    summary: 'The live figures of the advantage page, across every account (readable logged out; at most a minute old)',
    tag: 'site',
    auth: false,
    data: siteFigures,
  }),
} as const;
