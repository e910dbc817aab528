import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startMarketplaceA } from '@sandbox/marketplace-a';
import { startMarketplaceB } from '@sandbox/marketplace-b';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, serving the API and the built app. */
    baseURL: string;
    /** The server's DATA_DIR: blobs written under its files/ folder are served at /files/<key>. */
    dataDir: string;
    /** The marketplace sandboxes the server publishes to (their developer endpoints: docs/marketplace-*.md). */
    marketplaceA: string;
    marketplaceB: string;
  }
}

const webDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the web app once and starts the real server on it (fresh data directory, free port), the way a
 * seller's browser meets it: one origin for the pages and the API. The two marketplace sandboxes run here,
 * in the test runner, and the server is pointed at them (MARKETPLACE_A_URL / _B_URL, as a deployment points it
 * at the real marketplaces), so a test reaches their developer endpoints (create a shop, set a quota) by URL.
 */
export default async function setup(project: TestProject) {
  // vitest sets NODE_ENV=test, which would give React and Ant Design their development builds: test what
  // sellers get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // The back office, then the phone pages into the same dist/ (vite.phone.config.ts).
    for (const config of ['vite.config.ts', 'vite.phone.config.ts']) {
      await build({ root: webDir, configFile: path.join(webDir, config), logLevel: 'warn' });
    }
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const [a, b] = await Promise.all([startMarketplaceA({ port: 0 }), startMarketplaceB({ port: 0 })]);
  const server = await startServer({
    webDist: path.join(webDir, 'dist'),
    dataDirPrefix: 'pod-web-e2e-',
    env: { MARKETPLACE_A_URL: a.url, MARKETPLACE_B_URL: b.url },
  });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  project.provide('marketplaceA', a.url);
  project.provide('marketplaceB', b.url);
  return async () => {
    await server.stop();
    await Promise.all([a.close(), b.close()]);
  };
}
