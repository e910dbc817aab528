// How the server process is started in production (`npm start`) and by `npm run bench:list`, so the
// benchmark measures what sellers run (README: Benchmarks).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's entry, run through tsx. */
export const SERVER_ARGS = [
  // A small young generation in every isolate (the API's and its threads'): lists are made as bytes by
  // SQLite, so what they leave behind is small and short-lived, and each thread's memory stays near
  // what it holds.
  '--max-semi-space-size=4',
  '--import',
  'tsx',
  path.join(root, 'apps/server/src/main.ts'),
];

/** The server's memory allocator: glibc's defaults hold on to memory the server has freed. */
export const SERVER_ENV = {
  // Image work runs on many threads; one malloc arena per thread holds what each has freed.
  MALLOC_ARENA_MAX: '2',
  // Blocks of 64 KiB and more (a page of the list, an image) go back to the system when freed; glibc
  // would otherwise raise this threshold past them and keep them in its heap.
  MALLOC_MMAP_THRESHOLD_: '65536',
};
