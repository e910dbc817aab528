import { loadConfig } from './config.js';
import { openServices } from './services.js';

/**
 * `npm run worker`: a process that only works jobs (README.md#architecture: scaling out). With REDIS_URL it takes
 * jobs from BullMQ; without, from the database's job table, beside the server's own worker.
 */
const { app: config } = loadConfig();
const services = await openServices(config);
await services.startJobs();
services.log.info({ backend: services.queue.backend, threads: config.composeThreads }, 'worker started');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    services.log.info(`${signal}: finishing running jobs`);
    void services.close().then(() => process.exit(0));
  });
}
