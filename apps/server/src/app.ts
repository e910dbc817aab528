import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER } from '@app/contract';
import type { AppConfig } from './config.js';
import { openDb, type Db } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seeds/demo.js';
import { installErrorHandling, sendRouteNotFound } from './http/errorHandler.js';
import { createLocalStorage, FILES_URL_PREFIX } from './storage/localStorage.js';
import type { BlobStorage } from './storage/blobStorage.js';
import { createAccountRepo } from './modules/accounts/repo.js';
import { createAccountService } from './modules/accounts/service.js';
import { createPasswordHasher } from './modules/accounts/passwords.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { createCatalogueService, type CatalogueService } from './modules/catalogue/service.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { createMaterialService } from './modules/materials/service.js';
import { materialRoutes } from './modules/materials/routes.js';
import { seedDemoContent } from './db/seeds/demoContent.js';
import { createComposer, DEFAULT_CACHE, type Composer } from './compose/composer.js';
import { createJobRepo } from './jobs/jobRepo.js';
import { createDbQueue } from './jobs/dbQueue.js';
import { createBullQueue } from './jobs/bullQueue.js';
import type { JobQueue } from './jobs/queue.js';
import { createJobService } from './jobs/service.js';
import { jobRoutes } from './jobs/routes.js';
import { createFinishedRepo } from './modules/finished/repo.js';
import { createSynthesisService, SYNTHESIS_JOB, type SynthesisService } from './modules/synthesis/service.js';
import { synthesisRoutes } from './modules/synthesis/routes.js';
import { fontRoutes } from './compose/fontRoutes.js';
import { createCartService } from './modules/cart/service.js';
import { cartRoutes } from './modules/cart/routes.js';
import { thumbRoutes } from './storage/thumbRoutes.js';
import { createGroupService } from './modules/groups/service.js';
import { groupRoutes } from './modules/groups/routes.js';
import { createFinishedService } from './modules/finished/service.js';
import { finishedRoutes } from './modules/finished/routes.js';
import { createListReader, type ListReader } from './modules/finished/list/listReader.js';
import { createDownloadService } from './modules/downloads/service.js';
import { downloadRoutes } from './modules/downloads/routes.js';
import { createBatchDesignService } from './modules/batchDesign/service.js';
import { batchDesignRoutes } from './modules/batchDesign/routes.js';

export interface App {
  app: FastifyInstance;
  db: Db;
  storage: BlobStorage;
  queue: JobQueue;
  composer: Composer;
  /** The finished list's reads (its reading threads on SQLite). */
  lists: ListReader;
  catalogue: CatalogueService;
  synthesis: SynthesisService;
  /** Every API route registered (method and path), for the OpenAPI completeness test. */
  apiRoutes: { method: string; url: string }[];
  close(): Promise<void>;
}

/**
 * Builds the whole server from its configuration without listening: opens and migrates the database,
 * seeds demo data on an empty one, registers every module. main.ts listens; tests use `inject`.
 */
export async function buildApp(config: AppConfig, opts: { db?: Db } = {}): Promise<App> {
  const db = opts.db ?? openDb(config);
  await migrateToLatest(db);
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const passwords = createPasswordHasher(config.argon2);
  const accountRepo = createAccountRepo(db.db);
  const accounts = createAccountService({ repo: accountRepo, passwords, config });
  const catalogue = createCatalogueService({ db: db.db, storage });
  const materials = createMaterialService({ db: db.db, storage, now: config.now });
  const composer = createComposer({ dataDir: config.dataDir, threads: config.composeThreads, ...DEFAULT_CACHE });
  const jobRepo = createJobRepo(db.db, config.now);
  const finished = createFinishedRepo(db.db, db.dialect);

  const app = Fastify({
    logger: { level: config.logLevel, ...(config.logStream ? { stream: config.logStream } : {}) },
    bodyLimit: config.bodyLimit,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  const queue = config.redisUrl
    ? createBullQueue(jobRepo, { redisUrl: config.redisUrl, log: app.log })
    : createDbQueue(jobRepo, { log: app.log });
  const synthesis = createSynthesisService({ db: db.db, catalogue, finished, queue, composer, now: config.now });
  if (config.runJobs) {
    queue.work(
      { [SYNTHESIS_JOB]: synthesis.synthesisJob },
      { concurrency: Math.max(1, config.composeThreads), giveUp: { [SYNTHESIS_JOB]: synthesis.synthesisGaveUp } },
    );
    const requeued = await synthesis.requeueOrphans();
    if (requeued > 0) app.log.warn(`${requeued} finished products were pending without a job: queued again`);
  }

  if (config.seedDemo) await seedDemo({ repo: accountRepo, passwords, now: config.now, log: (m) => app.log.info(m) });
  if (config.seedDemo && config.seedDemoContent) {
    const log = (m: string) => app.log.info(m);
    await seedDemoContent({ db: db.db, storage, dataDir: config.dataDir, now: config.now, log, catalogue, synthesis });
  }

  const apiRoutes: App['apiRoutes'] = [];
  app.addHook('onRoute', (r) => {
    if (r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')) {
      for (const method of [r.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: r.url });
    }
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  app.decorate('sessionResolver', accounts.resolver);
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Seller back office API',
        version: '1.0.0',
        description: 'Every call answers {code, msg, data}; code 1 is success (SPEC §7).',
      },
      components: {
        securitySchemes: {
          cookieToken: { type: 'apiKey', in: 'cookie', name: 'token' },
          headerToken: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  accountRoutes(app, { accounts, config });
  catalogueRoutes(app, { catalogue });
  materialRoutes(app, { materials });
  synthesisRoutes(app, { synthesis, storage });
  jobRoutes(app, { jobs: createJobService({ repo: jobRepo }) });
  const cart = createCartService({ db: db.db, synthesis, now: config.now });
  cartRoutes(app, { cart });
  const groups = createGroupService({ db: db.db, now: config.now });
  groupRoutes(app, { groups });
  const lists = createListReader({ ...db, groups: groups.lookup, dataDir: config.dataDir, threads: config.readThreads });
  finishedRoutes(app, {
    finished: createFinishedService({ repo: finished, groups: groups.lookup, cart, lists, now: config.now }),
    support: config.support,
  });
  downloadRoutes(app, { downloads: createDownloadService({ db: db.db, storage }), storage });
  batchDesignRoutes(app, { batchDesign: createBatchDesignService({ synthesis }) });
  fontRoutes(app);
  thumbRoutes(app, { storage });

  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'files'),
    prefix: FILES_URL_PREFIX,
    decorateReply: false,
    index: false,
    // Blob keys are never rewritten with other content (blobStorage.ts), so browsers may keep them.
    maxAge: '365d',
    immutable: true,
  });

  const indexHtml = config.webDist ? path.join(config.webDist, 'index.html') : undefined;
  const hasWeb = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (hasWeb && config.webDist) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        // Vite names built assets by content hash; index.html must always be fetched fresh.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith(FILES_URL_PREFIX) &&
      !path.extname(url);
    if (hasWeb && isPage) {
      // Client-side routes of the SPA: every page path answers the app shell.
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexHtml));
    }
    return sendRouteNotFound(req, reply);
  });

  await app.ready();
  return {
    app,
    db,
    storage,
    queue,
    composer,
    lists,
    catalogue,
    synthesis,
    apiRoutes,
    async close() {
      await app.close();
      await queue.close();
      await composer.close();
      await lists.close();
      await db.close();
    },
  };
}
