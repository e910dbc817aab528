import sharp from 'sharp';
import type { FailureReason, OrderItem } from './order.js';

export interface FileLimits {
  timeoutMs: number;
  maxBytes: number;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The file's bytes, or why they could not be had (not 2xx, too slow, too large). */
async function download(url: string, limits: FileLimits): Promise<Buffer | string> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(limits.timeoutMs), redirect: 'follow' });
    if (!res.ok || !res.body) return `answered HTTP ${res.status}`;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) {
        await res.body.cancel().catch(() => undefined);
        return `is larger than ${limits.maxBytes} bytes`;
      }
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch (e) {
    return (e as Error).name === 'TimeoutError' ? `did not arrive within ${limits.timeoutMs} ms` : 'could not be fetched';
  }
}

/**
 * Fetches every file of the order as the factory's print pipeline would, one after another; the first
 * file refused is the order's failure (docs/fulfilment.md#file-checks).
 */
export async function checkFiles(items: OrderItem[], limits: FileLimits): Promise<FailureReason | undefined> {
  for (const item of items) {
    for (const file of item.files) {
      const got = await download(file.url, limits);
      const refuse = (code: FailureReason['code'], message: string): FailureReason => ({
        code,
        item_external_id: item.external_id,
        message: `${file.placement} file ${file.url} ${message}`,
      });
      if (typeof got === 'string') return refuse('file_unreachable', got);
      if (!got.subarray(0, 8).equals(PNG) && !got.subarray(0, 3).equals(JPEG)) return refuse('file_type', 'is not a PNG or JPEG image');
      const meta = await sharp(got)
        .metadata()
        .catch(() => undefined);
      if (!meta?.width || !meta.height) return refuse('file_type', 'could not be decoded');
      if (meta.width !== file.width_px || meta.height !== file.height_px)
        return refuse('file_size_mismatch', `is ${meta.width}×${meta.height} px, not the declared ${file.width_px}×${file.height_px}`);
    }
  }
  return undefined;
}
