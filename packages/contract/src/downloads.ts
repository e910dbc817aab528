import { z } from 'zod';
import { distinctIds, num } from './numbers.js';
import { defineRoute } from './route.js';

/** Downloads of the finished-products screen (docs/finished.md#dialogs: material download; docs/api.md#downloads: bulk picture download). */

/** At most this many finished products in one bulk download. */
export const BULK_DOWNLOAD_MAX = 1000;

const ids = distinctIds(BULK_DOWNLOAD_MAX);

/** The signature of a signed download link (`&sig=`, always the address's last parameter). */
export const DOWNLOAD_SIG_PARAM = 'sig';
const sig = z.string().max(400).optional();
const materialType = z.enum(['cut', 'original']);

export const downloadRoutes = {
  bulkDownload: defineRoute({
    method: 'GET',
    path: '/api/finished/mutiDownload',
    summary: "The chosen finished products' images as one zip, streamed while it is built; files named by finished number and colour",
    tag: 'finished',
    auth: true,
    signedLink: true,
    query: z.object({ ids, sig }),
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
    signedLink: true,
    query: z.object({ id: num(z.number().int().positive()), type: materialType, sig }),
    /** Answered as the file itself, or application/zip. */
    data: z.string(),
  }),
  downloadLink: defineRoute({
    method: 'POST',
    path: '/api/finished/downloadLink',
    summary:
      'A short-lived signed address of a bulk picture download or a material download, for this account only; checked now, so a refusal comes back here',
    tag: 'finished',
    auth: true,
    body: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('bulk'), ids }),
      z.strictObject({ kind: z.literal('material'), id: z.number().int().positive(), type: materialType }),
    ]),
    /** `url` is same-origin (path and query); `expires_at` unix milliseconds. */
    data: z.object({ url: z.string(), expires_at: z.number().int() }),
  }),
} as const;
