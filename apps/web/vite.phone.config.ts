import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress.js';

/**
 * The phone pages' bundle (mobile.html, docs/mobile.md#the-shell), built after the back office's into the same dist/
 * (`npm run build` runs both). A build of its own rather than a second entry of vite.config.ts: two entries in one
 * build cut their shared code into more, smaller chunks, and each side's first download grew for it; apart, each is
 * split for its own pages only. A phone never loads a back-office file, nor a desktop a phone file.
 */
/** What the about page calls the build: the commit it was built from, or 'dev' outside a checkout. */
function buildVersion(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  } catch {
    return 'dev';
  }
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(buildVersion()) },
  build: {
    outDir: 'dist',
    // The back office's build has just filled dist/.
    emptyOutDir: false,
    rolldownOptions: {
      input: { mobile: path.join(import.meta.dirname, 'mobile.html') },
      output: {
        // A folder of their own: a phone file is told from a back-office one by its address (bench/mobile.ts).
        entryFileNames: 'assets/phone/[name]-[hash].js',
        chunkFileNames: 'assets/phone/[name]-[hash].js',
        assetFileNames: 'assets/phone/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            // React and the router, rarely changing, cached on their own.
            { name: 'phone-react', test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam)[\\/]/, priority: 2 },
            // Everything else the first screen runs, in one file: on a phone network each file costs a round trip, and
            // a handful of small ones cost more than their bytes (docs/mobile.md#speed). Later pages keep their own chunks.
            { name: 'phone-first', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
