import { z } from 'zod';
import { num } from './numbers.js';
import { defineRoute } from './route.js';

/** Downloads of the finished-products screen (issue 5; SPEC §2.2 material download, §7.5 bulk picture download). */

/** At most this many finished products in one bulk download. */
export const BULK_DOWNLOAD_MAX = 1000;

const ids = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'ids: comma-joined numbers')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((list) => list.length <= BULK_DOWNLOAD_MAX, `at most ${BULK_DOWNLOAD_MAX} finished products at once`);

export const downloadRoutes = {
  bulkDownload: defineRoute({
    method: 'GET',
    path: '/api/finished/mutiDownload',
    summary: "The chosen finished products' images as one zip, streamed while it is built; files named by finished number and colour",
    tag: 'finished',
    auth: true,
    queryToken: true,
    query: z.object({ ids, token: z.string().max(200).optional() }),
    /** Answered as application/zip, not as an envelope. */
    data: z.string(),
  }),
  materialDownload: defineRoute({
    method: 'GET',
    path: '/api/finished/materialDownload',
    summary:
      "A finished product's materials: cut = each design area's print image, original = each material file exactly as uploaded; several files as a zip",
    tag: 'finished',
    auth: true,
    queryToken: true,
    query: z.object({ id: num(z.number().int().positive()), type: z.enum(['cut', 'original']), token: z.string().max(200).optional() }),
    /** Answered as the file itself, or application/zip. */
    data: z.string(),
  }),
} as const;
