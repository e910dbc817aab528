import { defineConfig } from 'vitest/config';

// Every suite that needs only Node: unit tests of the packages, the web app's DOM-free models (the
// editor's state and commands) and the API suite (SQLite by default, PostgreSQL with TEST_DB=pg).
// Browser tests have their own config in apps/web.
export default defineConfig({
  test: {
    include: [
      'packages/*/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'sandboxes/*/test/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
