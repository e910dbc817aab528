import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, serving the API and the built app. */
    baseURL: string;
    /** The server's DATA_DIR: blobs written under its files/ folder are served at /files/<key>. */
    dataDir: string;
  }
}

const webDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the web app once and starts the real server on it (fresh data directory, free port), the way a
 * seller's browser meets it: one origin for the pages and the API.
 */
export default async function setup(project: TestProject) {
  // vitest sets NODE_ENV=test, which would give React and Ant Design their development builds: test what
  // sellers get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: webDir, configFile: path.join(webDir, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const server = await startServer({ webDist: path.join(webDir, 'dist'), dataDirPrefix: 'pod-web-e2e-' });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
