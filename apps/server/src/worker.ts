import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.js';
import { openDb } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { createLocalStorage } from './storage/localStorage.js';
import { createComposer, DEFAULT_CACHE } from './compose/composer.js';
import { createJobRepo } from './jobs/jobRepo.js';
import { createBullQueue } from './jobs/bullQueue.js';
import { createDbQueue } from './jobs/dbQueue.js';
import { createCatalogueService } from './modules/catalogue/service.js';
import { createFinishedRepo } from './modules/finished/repo.js';
import { createSynthesisService, SYNTHESIS_JOB } from './modules/synthesis/service.js';

/**
 * `npm run worker`: a process that only works jobs (ARCHITECTURE: scaling out). With REDIS_URL it takes
 * jobs from BullMQ; without, from the database's job table, beside the server's own worker.
 */
const { app: config } = loadConfig();
const log = pino({ level: config.logLevel });
const db = openDb(config);
await migrateToLatest(db);
const storage = createLocalStorage(path.join(config.dataDir, 'files'));
const composer = createComposer({ dataDir: config.dataDir, threads: config.composeThreads, ...DEFAULT_CACHE });
const repo = createJobRepo(db.db, config.now);
const queue = config.redisUrl ? createBullQueue(repo, { redisUrl: config.redisUrl, log }) : createDbQueue(repo, { log });
const synthesis = createSynthesisService({
  db: db.db,
  catalogue: createCatalogueService({ db: db.db, storage }),
  finished: createFinishedRepo(db.db, db.dialect),
  queue,
  composer,
  now: config.now,
});
queue.work(
  { [SYNTHESIS_JOB]: synthesis.synthesisJob },
  { concurrency: Math.max(1, config.composeThreads), giveUp: { [SYNTHESIS_JOB]: synthesis.synthesisGaveUp } },
);
const requeued = await synthesis.requeueOrphans();
log.info({ backend: queue.backend, threads: config.composeThreads, requeued }, 'worker started');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info(`${signal}: finishing running jobs`);
    void (async () => {
      await queue.close();
      await composer.close();
      await db.close();
      process.exit(0);
    })();
  });
}
