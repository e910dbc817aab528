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
  },
});
