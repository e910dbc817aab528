import type { Readable } from 'node:stream';

/**
 * Where files live (uploads, composed images, exports). One interface; the local directory is the
 * default, an S3-compatible store can stand behind the same calls. Keys are relative paths such as
 * `materials/12/ab12.png`; a key is written once and never overwritten with other content, so its
 * URL can be cached forever.
 */
export interface BlobStorage {
  put(key: string, data: Buffer | Readable): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The URL a browser fetches the file from. */
  url(key: string): string;
}
