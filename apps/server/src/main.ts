import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const { app: config, listen } = loadConfig();
// The built web app is served from the same port unless WEB_DIST points elsewhere.
config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const server = await buildApp(config);
await server.app.listen({ port: listen.port, host: listen.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.app.log.info(`${signal}: closing`);
    void server.close().then(() => process.exit(0));
  });
}
