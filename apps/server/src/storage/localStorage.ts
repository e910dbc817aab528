import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { BlobStorage } from './blobStorage.js';

export const FILES_URL_PREFIX = '/files/';

/** Blobs in a local directory ($DATA_DIR/files), served by the server at /files/…. */
export function createLocalStorage(root: string): BlobStorage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const normal = path.posix.normalize(key).replace(/^\/+/, '');
    if (!normal || normal.startsWith('..') || path.isAbsolute(normal) || normal.includes('\0')) {
      throw new Error(`Invalid blob key: ${key}`);
    }
    return path.join(root, normal);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write aside and rename, so a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, fs.createWriteStream(tmp));
        await fsp.rename(tmp, file);
      } catch (e) {
        await fsp.rm(tmp, { force: true });
        throw e;
      }
    },
    get: (key) => fsp.readFile(resolve(key)),
    stream: (key) => fs.createReadStream(resolve(key)),
    exists: (key) =>
      fsp.access(resolve(key)).then(
        () => true,
        () => false,
      ),
    delete: (key) => fsp.rm(resolve(key), { force: true }),
    url: (key) => FILES_URL_PREFIX + key.split('/').map(encodeURIComponent).join('/'),
  };
}
