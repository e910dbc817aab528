// How the server process is started in production (`npm start`) and by `npm run bench:list`, so the
// benchmark measures what sellers run (README: Benchmarks); `scripts/asServer.mjs` runs a bench that builds
// the server in its own process (bench:abuse) under the same runtime.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * V8 favouring memory over speed where it can choose (heap growth, code), and a young generation of
 * 8 MB semi-spaces: the API's requests leave little garbage now that list pages are made as bytes by
 * SQLite on the reading threads, and the server's memory stays near 250 MB after hours of lists
 * (README: Benchmarks), with no list slower for it.
 */
export const SERVER_NODE_FLAGS = ['--optimize-for-size', '--max-semi-space-size=8'];

/** The server's entry, run through tsx. */
export const SERVER_ARGS = [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];

/** The server's memory allocator: glibc's defaults hold on to memory the server has freed. */
export const SERVER_ENV = {
  // Image work runs on many threads; one malloc arena per thread holds what each has freed.
  MALLOC_ARENA_MAX: '2',
  // Blocks of 64 KiB and more (a page of the list, an image) go back to the system when freed; glibc
  // would otherwise raise this threshold past them and keep them in its heap.
  MALLOC_MMAP_THRESHOLD_: '65536',
};
