import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openServices } from './services.js';
import { seedDemo } from './demo/index.js';
import { startPaymentSandboxIfUnset } from './modules/payments/index.js';
import { startSandboxesIfUnset } from './modules/publish/index.js';
import { startFactoryIfUnset } from './modules/fulfilment/index.js';

/** `npm start`: the server process — the API, the web app and (on the embedded default) the job worker. */
const { app: config, listen } = loadConfig();
// The built web app is served from the same port unless WEB_DIST points elsewhere.
config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

// No marketplace URL configured: the sandboxes run in this process (docs/publishing.md#sandboxes).
const sandboxes = await startSandboxesIfUnset(config);
// No payment gateway configured: the payment sandbox likewise (docs/payments.md#the-sandbox).
const paymentSandbox = await startPaymentSandboxIfUnset(config);
// No FACTORY_URL: the print factory's sandbox likewise (docs/fulfilment.md#sandbox).
const factory = await startFactoryIfUnset(config);
const services = await openServices(config);
if (config.runJobs) await services.startJobs();
await seedDemo(services);
const { app } = await buildApp(services);
await app.listen({ port: listen.port, host: listen.host });
// The in-process factory sandbox posts its events to us: tell it where, now that we listen (docs/orders.md#production).
if (config.factory.inProcess) await services.production.connect();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app
      .close()
      .then(() => services.close())
      .then(() => sandboxes.close())
      .then(() => paymentSandbox.close())
      .then(() => factory.close())
      .then(() => process.exit(0));
  });
}
