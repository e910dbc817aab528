import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests against the real server and the built app: npx vitest run -c apps/web/vitest.e2e.config.ts
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/globalSetup.ts'],
    // One server and one browser: files run one after another.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // A poll waits for what the seller would wait for (a price computed, a job's result); on a loaded CI
    // machine that takes longer than vitest's 1 s default, as Playwright's own waits allow 30 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
