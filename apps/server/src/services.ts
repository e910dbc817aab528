import path from 'node:path';
import pino, { type Logger } from 'pino';
import type { AppConfig } from './config.js';
import { openDb, type Db } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { createLocalStorage } from './storage/localStorage.js';
import { createSealer, createSigner, deriveKey, loadSecretKey, SHOP_SECRETS } from './secrets/index.js';
import { COMPOSE_NAMES, createComposer, DEFAULT_CACHE } from './compose/composer.js';
import { createParsePool } from './parsing/pool.js';
import { createJobRepo } from './jobs/jobRepo.js';
import { createDbQueue } from './jobs/dbQueue.js';
import { createBullQueue } from './jobs/bullQueue.js';
import { createJobService } from './jobs/service.js';
import type { JobKinds } from './jobs/queue.js';
import {
  accountLevelQueries,
  createAccountRepo,
  createAccountService,
  createLoginThrottle,
  createPasswordHasher,
} from './modules/accounts/index.js';
import { catalogueFigures, createCatalogueRepo, createCatalogueService } from './modules/catalogue/index.js';
import { createNoticeRepo, createNoticeService } from './modules/notices/index.js';
import { createInquiryRepo, createInquiryService } from './modules/inquiries/index.js';
import { createSiteFiguresService } from './modules/siteFigures/index.js';
import { jobFigures } from './jobs/figures.js';
import { createMaterialRepo, createMaterialService } from './modules/materials/index.js';
import { createDesignService } from './modules/design/index.js';
import { createSynthesisService, SYNTHESIS_JOB } from './modules/synthesis/index.js';
import {
  createFinishedRepo,
  createFinishedService,
  createListReader,
  finishedFigures,
  orderedUnitsQueries,
} from './modules/finished/index.js';
import { createCartRepo, createCartService, takeCartLines } from './modules/cart/index.js';
import {
  createOrderService,
  createProduction,
  createShipping,
  orderQueries,
  POLL_AFTER_MS,
  PRODUCTION_JOB,
} from './modules/orders/index.js';
import { fulfilmentProviderFrom, type FulfilmentProvider } from './modules/fulfilment/index.js';
import {
  BILL_EXPORT_JOB,
  billExportRepo,
  billExportTmpPath,
  billQueries,
  createBillExportJob,
  createBillExportService,
  createBillService,
  createRechargeService,
  createWalletService,
  RECONCILE_AFTER_MS,
  walletQueries,
} from './modules/wallet/index.js';
import { paymentProviderFrom } from './modules/payments/index.js';
import { createMembershipService } from './modules/membership/index.js';
import {
  createExchangeRates,
  createPriceTemplateRepo,
  createPriceTemplateService,
  readRatesFile,
  SEED_RATES_FILE,
} from './modules/priceTemplates/index.js';
import { createPriceRuleRepo, createPriceRuleService } from './modules/priceRules/index.js';
import { createBannedWordsRepo, createBannedWordsService } from './modules/bannedWords/index.js';
import { createGroupRepo, createGroupService } from './modules/groups/index.js';
import { createDownloadService } from './modules/downloads/index.js';
import { createBatchDesignService } from './modules/batchDesign/index.js';
import { createShopRepo, createShopService, shopTransactions } from './modules/shops/index.js';
import { createTitlePreview, createTitleRepo, createTitleService } from './modules/titles/index.js';
import {
  barcodeClaims,
  createBarcodeAllocation,
  createBarcodeRepo,
  createBarcodeService,
  createCodeMaker,
  createCodeReader,
} from './modules/barcodes/index.js';
import { createTemplateRepo, createTemplateService } from './modules/templates/index.js';
import { createMarketTemplateRepo, createMarketTemplateService } from './modules/marketTemplates/index.js';
import { createWatermarkRepo, createWatermarkService, WATERMARK_NAMES } from './modules/watermarks/index.js';
import { createExportRepo, createExportService, EXPORT_JOB, exportProducts } from './modules/exports/index.js';
import {
  createListingShopRepo,
  createListingShops,
  createSkuBindingRepo,
  createSkuBindings,
  createVariantService,
  variantProducts,
} from './modules/variants/index.js';
import {
  connectionChecks,
  createAliexpressAdapter,
  createPublishRepo,
  createPublishService,
  createTiktokAdapter,
  PUBLISH_JOB,
  type MarketplaceAdapter,
  createShopCalls,
  createAliexpressOrders,
  createTiktokOrders,
  type MarketplaceOrders,
} from './modules/publish/index.js';
import {
  createMarketOrderService,
  createMarketOrderSync,
  createMarketWebhooks,
  createSettling,
  MARKET_ORDERS_JOB,
  marketOrderQueries,
  TIKTOK_WEBHOOK_PATH,
} from './modules/marketOrders/index.js';

/** Paid orders sent to the factory at once: each composes its prints (on the composer's threads) and waits on the factory. */
const PRODUCTION_LANE = 2;
/** Marketplace order imports and shipments at once (each paced per shop). */
const MARKET_ORDERS_LANE = 2;
/** How often the due pulls of marketplace orders are looked for. */
const MARKET_PULL_TICK_MS = 15_000;
/** How often stored export files past their retention are looked for. */
const EXPORT_SWEEP_MS = 3600 * 1000;

/**
 * The one wiring of the server's parts: storage, composer, job queue and every feature's service, plus
 * the registry of job kinds. main.ts (the server), worker.ts (jobs only), the benchmarks and the test
 * helper all build their process from it; app.ts only registers routes on what it is given.
 */
export function createServices(config: AppConfig, db: Db) {
  const log: Logger = pino({ level: config.logLevel }, config.logStream ?? process.stdout);
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  /** Signs short-lived tokens (secrets/signing.ts) with the server's one key. */
  const secretKey = loadSecretKey(config.dataDir, config.secretKey);
  const signer = createSigner(secretKey, config.now);
  // Composed files are named with a key of the server's (compose/engine.ts): workers of one deployment share it.
  const composer = createComposer({
    dataDir: config.dataDir,
    threads: config.composeThreads,
    nameKey: deriveKey(secretKey, COMPOSE_NAMES),
    ...DEFAULT_CACHE,
  });
  /** Uploaded files are parsed here, off the event loop (parsing/pool.ts); one thread keeps a parse's memory bounded. */
  const parsing = createParsePool({ threads: 1 });
  const passwords = createPasswordHasher(config.argon2);
  const accountRepo = createAccountRepo(db.db);
  // A job's family (docs/security.md#fair-shares): the owner's parent account, or the owner at top level.
  const jobRepo = createJobRepo(db.db, config.now, async (ownerId) => (await accountRepo.findById(ownerId))?.parent_id ?? ownerId);
  // Publishing, exports and production have lanes of their own: publishing waits on marketplaces, composition works
  // the CPU, and a seller's small export, or a paid order on its way to the factory, must not wait behind a batch of
  // compositions (jobs/queue.ts JobLanes).
  const lanes = {
    [PUBLISH_JOB]: config.publish.jobs,
    [EXPORT_JOB]: config.jobs.exports,
    [BILL_EXPORT_JOB]: config.jobs.exports,
    [PRODUCTION_JOB]: PRODUCTION_LANE,
    // Importing marketplace orders waits on the marketplaces, never behind composition.
    [MARKET_ORDERS_JOB]: MARKET_ORDERS_LANE,
  };
  // What one family may leave waiting (jobs/admission.ts); publishing is paced per shop instead.
  const depths = { [SYNTHESIS_JOB]: config.jobs.queued.compositions, [EXPORT_JOB]: config.jobs.queued.exports };
  const queue = config.redisUrl
    ? createBullQueue(jobRepo, { redisUrl: config.redisUrl, lanes, depths, log })
    : createDbQueue(jobRepo, { lanes, depths, log });

  const throttle = createLoginThrottle({ repo: accountRepo, signer, config });
  const accounts = createAccountService({ repo: accountRepo, passwords, throttle, config });
  const catalogueRepo = createCatalogueRepo(db.db);
  const catalogue = createCatalogueService({ repo: catalogueRepo, storage, now: config.now });
  const notices = createNoticeService({ repo: createNoticeRepo(db.db), now: config.now });
  const inquiries = createInquiryService({ repo: createInquiryRepo(db.db, db.dialect), now: config.now });
  // The advantage page's figures: each table's owner counts its own (docs/mobile.md#site-figures).
  const siteFigures = createSiteFiguresService({
    catalogue: catalogueFigures(db.db),
    finished: finishedFigures(db.db),
    jobs: jobFigures(db.db),
    now: config.now,
    composeKind: SYNTHESIS_JOB,
  });
  const materialRepo = createMaterialRepo(db.db);
  const materials = createMaterialService({
    repo: materialRepo,
    storage,
    now: config.now,
    decodeBudgetBytes: config.imageDecodeBudgetBytes,
  });
  const design = createDesignService({ catalogue, composer, storage });
  // A product's deletion takes along what each module holds of it (docs/variants.md).
  const productRows = [createSkuBindingRepo, createListingShopRepo];
  const finishedRepo = createFinishedRepo(db.db, db.dialect, productRows);
  const synthesis = createSynthesisService({
    materials: materialRepo,
    accounts: accountRepo,
    catalogue,
    design,
    finished: finishedRepo,
    queue,
    composer,
    now: config.now,
  });
  const cart = createCartService({ repo: createCartRepo(db.db), design, blanks: catalogueRepo, now: config.now });
  // A deleted group's products go to 未分组: the finished repository moves them, in the deletion's transaction.
  const groupRepo = createGroupRepo(db.db, (trx) => createFinishedRepo(trx, db.dialect, productRows));
  const groups = createGroupService({ repo: groupRepo, now: config.now });
  const lists = createListReader({ ...db, groups: groups.lookup, dataDir: config.dataDir, threads: config.readThreads });
  // Orders move money and units in one transaction: each module's queries are bound to it (docs/orders.md).
  // Production through the print factory (docs/orders.md#production); the provider is built when first needed,
  // as main.ts starts the in-process factory sandbox, which fills config.factory, before the services.
  let factory: FulfilmentProvider | undefined;
  const production = createProduction({
    db: db.db,
    provider: () => (config.factory.url && config.factory.apiKey ? (factory ??= fulfilmentProviderFrom(config)) : undefined),
    composer,
    catalogue,
    signer,
    queue,
    publicUrl: () => config.publicUrl,
    // A marketplace buyer's order shipped: its tracking goes back to the marketplace (marketOrderSync, below).
    shipped: (order) => marketOrderSync.shipped(order),
    now: config.now,
    log,
  });
  const orders = createOrderService({
    db: db.db,
    dialect: db.dialect,
    shipping: createShipping(),
    accounts: accountRepo,
    cart: takeCartLines,
    blanks: (trx) => createCatalogueRepo(trx),
    finished: orderedUnitsQueries,
    wallet: walletQueries,
    production,
    marketSide: (rows) => marketOrders.sideOf(rows),
    marketHeld: (ownerIds, storeId) => marketOrderQueries(db.db).exceptionCount({ accountIds: ownerIds }, storeId),
    now: config.now,
  });
  const wallet = createWalletService({ db: db.db, accounts: accountRepo });
  // Membership (docs/membership.md): a purchase debits the wallet and writes the family's level in one transaction.
  const membership = createMembershipService({
    db: db.db,
    dialect: db.dialect,
    levels: accountLevelQueries,
    wallet: walletQueries,
    catalogue: catalogueRepo,
    accounts,
    now: config.now,
  });
  const bills = createBillService({ db: db.db, dialect: db.dialect, accounts: accountRepo });
  // Bills exports (docs/orders.md#export): the call queues, the job writes the file.
  const billExportRecords = billExportRepo(db.db);
  const billExports = createBillExportService({ repo: billExportRecords, bills, queue, storage, now: config.now });
  const billExportJob = createBillExportJob({
    repo: billExportRecords,
    queries: billQueries(db.db, db.dialect),
    bills,
    accounts: accountRepo,
    storage,
    now: config.now,
    tmpPath: (id) => billExportTmpPath(config.dataDir, id),
  });
  // Recharges through the payment provider (docs/orders.md#recharging). The provider is built when first needed:
  // main.ts starts the in-process sandbox, which fills config.payment, before or after the services.
  let provider: ReturnType<typeof paymentProviderFrom> | undefined;
  const recharges = createRechargeService({
    db: db.db,
    dialect: db.dialect,
    provider: () => (provider ??= paymentProviderFrom(config)),
    publicUrl: () => config.publicUrl,
    now: config.now,
    log,
  });
  const exportRepo = createExportRepo(db.db, db.dialect);
  const finished = createFinishedService({
    repo: finishedRepo,
    groups: groups.lookup,
    cart,
    lists,
    publicImages: exportRepo,
    accounts: accountRepo,
    url: (key) => storage.url(key),
    now: config.now,
  });
  const downloads = createDownloadService({ products: finishedRepo, materials: materialRepo, storage });
  const batchDesign = createBatchDesignService({ synthesis, parsing });
  const jobs = createJobService({ repo: jobRepo });
  // Marketplace secrets at rest, under a key of their own (docs/security.md#marketplace-secrets).
  // The marketplace adapters by platform code, on the configured base URLs (docs/publishing.md#sandboxes).
  const adapters: Partial<Record<2 | 15, MarketplaceAdapter>> = {};
  if (config.marketplaceUrls.a) adapters[2] = createAliexpressAdapter({ baseUrl: config.marketplaceUrls.a });
  if (config.marketplaceUrls.b) adapters[15] = createTiktokAdapter({ baseUrl: config.marketplaceUrls.b });
  const shopRepo = createShopRepo(db.db);
  // Title templates and keyword sets (docs/listing-tools.md); a deleted one stops being any shop's default.
  const titles = createTitleService({
    repo: createTitleRepo(db.db),
    now: config.now,
    shopDefaults: {
      forget: (kind, ids) => shopRepo.forgetTitleDefaults(kind === 'title_template' ? 'title_template_id' : 'keyword_set_id', ids),
    },
  });
  const shops = createShopService({
    // Connecting a shop asks its marketplace first (docs/publishing.md#connecting).
    checkConnection: connectionChecks(adapters),
    repo: shopRepo,
    // A shop's deletion takes along what each module holds of it (docs/templates.md, "Deleting a shop").
    inTransaction: shopTransactions(db.db, [
      createTemplateRepo,
      (trx) => createMarketTemplateRepo(trx, 'aliexpress_template'),
      (trx) => createMarketTemplateRepo(trx, 'tiktok_template'),
      createSkuBindingRepo,
      createListingShopRepo,
      marketOrderQueries,
    ]),
    now: config.now,
    sealer: createSealer(deriveKey(secretKey, SHOP_SECRETS)),
    titleDefaultUsable: titles.usableBy,
    barcodeMakerExists: (caller, id) => barcodes.makerExists(caller, id),
  });
  // Every call to a marketplace shop, publishing or orders, paced on the shop's one bucket (publish/shopCalls.ts).
  const shopCalls = createShopCalls({
    shops,
    adapterOf: (platform) => {
      const a = adapters[platform as 2 | 15];
      if (!a) throw new Error(`no marketplace adapter for platform ${platform}`);
      return a;
    },
    pacing: config.publish,
    log,
  });
  // Barcodes (docs/listing-tools.md#barcodes): makers and codes, and the codes exports and publishes take.
  const barcodeRepo = createBarcodeRepo(db.db, db.dialect);
  const barcodes = createBarcodeService({
    repo: barcodeRepo,
    readCodes: createCodeReader(parsing),
    makeCodes: createCodeMaker(parsing),
    shopNames: (ids) => shopRepo.namesOf(ids),
    now: config.now,
  });
  const barcodeAllocation = createBarcodeAllocation({
    claims: barcodeClaims(db.db, db.dialect),
    repo: barcodeRepo,
    makerOf: (shopId) => shopRepo.barcodeMakerOf(shopId),
    now: config.now,
  });
  // Pricing (docs/pricing-templates.md): a template chains its price rules, and a rule's preview prices with a
  // template, so each is handed the other's one call it needs.
  const priceTemplateRepo = createPriceTemplateRepo(db.db, db.dialect);
  const priceRules = createPriceRuleService({
    repo: createPriceRuleRepo(db.db, (q) => createPriceTemplateRepo(q, db.dialect).usingRules),
    pricing: { forPricing: (caller, id, market) => priceTemplates.forPricing(caller, id, market) },
    async categoryPath(id) {
      const parent = new Map((await catalogueRepo.categories()).map((c) => [c.id, c.pid]));
      if (!parent.has(id)) return undefined;
      const path: number[] = [];
      for (let at: number | undefined = id; at && path.length < 10; at = parent.get(at)) path.push(at);
      return path;
    },
    now: config.now,
  });
  const priceTemplates = createPriceTemplateService({
    repo: priceTemplateRepo,
    rules: priceRules,
    rates: createExchangeRates(db.db, config.now),
    now: config.now,
  });
  // Watermarks render on threads of their own, as many as composition has (0: on this thread, as the composer).
  const watermarks = createWatermarkService({
    repo: createWatermarkRepo(db.db),
    storage,
    signer,
    now: config.now,
    nameKey: deriveKey(secretKey, WATERMARK_NAMES),
    threads: config.composeThreads,
    decodeBudgetBytes: config.imageDecodeBudgetBytes,
  });
  const bannedWords = createBannedWordsService({ repo: createBannedWordsRepo(db.db), now: config.now });
  const titlePreview = createTitlePreview({ titles, products: finishedRepo, blanks: catalogueRepo, shops: shopRepo, bannedWords });
  // Online publishing's variants (docs/variants.md): the variant info, SKU bindings, the shops a product reached.
  const marketTemplates = createMarketTemplateService({
    repos: {
      aliexpress: createMarketTemplateRepo(db.db, 'aliexpress_template'),
      tiktok: createMarketTemplateRepo(db.db, 'tiktok_template'),
    },
    shops: shopRepo,
    now: config.now,
  });
  const variants = createVariantService({
    products: variantProducts(finishedRepo, catalogueRepo, (key) => storage.url(key)),
    priceTemplates,
    marketTemplates,
  });
  const skuBindings = createSkuBindings({ repo: createSkuBindingRepo(db.db), shops: shopRepo, products: finishedRepo, now: config.now });
  const listingShops = createListingShops({ repo: createListingShopRepo(db.db), products: finishedRepo, now: config.now });
  const templates = createTemplateService({
    repo: createTemplateRepo(db.db),
    shops: shopRepo,
    now: config.now,
    parsing,
  });
  const exports = createExportService({
    repo: exportRepo,
    products: exportProducts(finishedRepo, catalogueRepo),
    storage,
    queue,
    dataDir: config.dataDir,
    files: config.exportFiles,
    now: config.now,
    priceTemplates,
    titles,
    bannedWords,
    templates,
    imageDomains: config.imageDomains,
    publicNameKey: deriveKey(secretKey, 'public-images'),
    runsJobs: config.runJobs,
    watermarks: (scope, blob, id, version) => watermarks.watermarkedBlob(scope, blob, id, version),
    watermarkVersion: (scope, id) => watermarks.versionOf(scope, id),
    shops: shopRepo,
    barcodes: barcodeAllocation,
    parsing,
    // The list's 店铺 column (docs/variants.md#the-shop-column).
    onExported: (finishedIds, shopId) => listingShops.record(finishedIds, shopId, 'export'),
  });

  const publish = createPublishService({
    repo: createPublishRepo(db.db),
    shopRepo,
    products: finishedRepo,
    queue,
    storage,
    now: config.now,
    log,
    shops,
    bannedWords,
    titles,
    templates: marketTemplates,
    variants,
    effects: {
      isBound: async (shopId, finishedId) => (await skuBindings.forProduct(shopId, finishedId)).length > 0,
      recordBindings: (ownerId, shopId, finishedId, remoteProductId, skuIds) =>
        skuBindings.record(ownerId, shopId, finishedId, remoteProductId, skuIds),
      recordShop: (finishedIds, shopId) => listingShops.record(finishedIds, shopId, 'publish'),
    },
    adapters,
    calls: shopCalls,
    pacing: config.publish,
    barcodes: barcodeAllocation,
  });

  // Marketplace buyers' orders (docs/market-orders.md): pulled and pushed in, made ours, tracking sent back.
  const marketOrderApis: Partial<Record<number, MarketplaceOrders>> = {};
  if (config.marketplaceUrls.a) marketOrderApis[2] = createAliexpressOrders({ baseUrl: config.marketplaceUrls.a });
  if (config.marketplaceUrls.b) marketOrderApis[15] = createTiktokOrders({ baseUrl: config.marketplaceUrls.b });
  const settling = createSettling({
    db: db.db,
    orders,
    orderById: orderQueries(db.db).orderById,
    callerOf: async (id) => {
      const c = await accounts.resolver.resolveAccount(id);
      return typeof c === 'object' ? c : undefined;
    },
    bindings: createSkuBindingRepo(db.db),
    variants: orderedUnitsQueries(db.db),
    now: config.now,
    log,
  });
  const marketOrderSync = createMarketOrderSync({
    db: db.db,
    queue,
    calls: shopCalls,
    shops,
    shopRepo,
    ordersOf: (platform) => marketOrderApis[platform],
    settling,
    orderById: orderQueries(db.db).orderById,
    webhookAddress: (storeId) => `${config.publicUrl}${TIKTOK_WEBHOOK_PATH}?shop=${storeId}`,
    now: config.now,
    log,
  });
  const marketOrders = createMarketOrderService({
    db: db.db,
    shops: shopRepo,
    sync: marketOrderSync,
    settling,
    rates: createExchangeRates(db.db, config.now),
    pushes: (platform) => marketOrderApis[platform]?.subscribe !== undefined,
    orderById: orderQueries(db.db).orderById,
    now: config.now,
  });
  const marketWebhooks = createMarketWebhooks({
    db: db.db,
    shops,
    ownerOf: shopRepo.ownerOf,
    ordersOf: (platform) => marketOrderApis[platform],
    sync: marketOrderSync,
    now: config.now,
  });
  /** The pull of each connected shop's changed orders, when due (docs/market-orders.md#pulling); every 15 s a look. */
  let puller: NodeJS.Timeout | undefined;
  let pulling: Promise<void> = Promise.resolve();
  const pullMarketOrders = () => {
    pulling = marketOrderSync
      .pullDue()
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'marketplace order pull failed'));
  };

  /**
   * The periodic sweep of export records past their retention (docs/exports.md#retention), run by every
   * process that works jobs: at start, then every hour.
   */
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> = Promise.resolve();

  /**
   * The reconcile of recharges whose notify never came (docs/orders.md#recharging), run by every process that
   * works jobs, every minute: a timer, not a job, as the export sweep (one query per pending recharge; crediting
   * is exactly-once however many processes ask at the same time).
   */
  let reconciler: NodeJS.Timeout | undefined;
  /** The poll of orders at the factory not heard of for a while (a lost webhook), every minute likewise. */
  let poller: NodeJS.Timeout | undefined;
  let polling: Promise<void> = Promise.resolve();
  const pollFactory = () => {
    polling = production
      .poll()
      .then((moved) => void (moved > 0 && log.info({ moved }, 'orders moved on by the factory poll')))
      .catch((err: unknown) => log.error({ err }, 'factory poll failed'));
  };
  let reconciling: Promise<void> = Promise.resolve();
  const reconcileRecharges = () => {
    reconciling = recharges
      .reconcile()
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'recharge reconcile failed'));
  };
  const sweepExports = () => {
    sweeping = exports
      .sweep()
      .then((removed) => void (removed > 0 && log.info({ removed }, 'export records past their retention removed')))
      .catch((err: unknown) => log.error({ err }, 'export retention sweep failed'));
  };

  /** Every job kind, by name: adding a kind is one line here. */
  const jobKinds: JobKinds = {
    [SYNTHESIS_JOB]: synthesis.jobKind,
    [EXPORT_JOB]: exports.jobKind,
    [PUBLISH_JOB]: publish.jobKind,
    [PRODUCTION_JOB]: production.jobKind,
    [BILL_EXPORT_JOB]: billExportJob.jobKind,
    [MARKET_ORDERS_JOB]: marketOrderSync.jobKind,
  };

  return {
    config,
    log,
    db,
    storage,
    signer,
    composer,
    parsing,
    queue,
    lanes,
    jobKinds,
    passwords,
    accountRepo,
    accounts,
    catalogue,
    notices,
    inquiries,
    siteFigures,
    materials,
    design,
    synthesis,
    cart,
    orders,
    production,
    wallet,
    membership,
    bills,
    billExports,
    recharges,
    groups,
    lists,
    finished,
    downloads,
    batchDesign,
    bannedWords,
    jobs,
    shops,
    barcodes,
    barcodeAllocation,
    priceTemplates,
    priceRules,
    titles,
    titlePreview,
    templates,
    marketTemplates,
    watermarks,
    exports,
    variants,
    skuBindings,
    listingShops,
    adapters,
    publish,
    marketOrders,
    marketOrderSync,
    marketWebhooks,

    /** Starts working jobs in this process, then queues again each kind's work whose job was lost. */
    async startJobs() {
      queue.work(jobKinds, { concurrency: Math.max(1, config.composeThreads), perFamily: config.jobs.perFamily });
      for (const [kind, k] of Object.entries(jobKinds)) {
        const requeued = (await k.recover?.()) ?? 0;
        if (requeued > 0) log.warn({ kind, requeued }, 'work left without a job was queued again');
      }
      sweepExports();
      sweeper = setInterval(sweepExports, EXPORT_SWEEP_MS);
      sweeper.unref();
      reconciler = setInterval(reconcileRecharges, RECONCILE_AFTER_MS);
      reconciler.unref();
      poller = setInterval(pollFactory, POLL_AFTER_MS / 2);
      poller.unref();
      pullMarketOrders();
      puller = setInterval(pullMarketOrders, MARKET_PULL_TICK_MS);
      puller.unref();
    },

    /** Stops the queue (running jobs finish), the worker threads and the database. */
    async close() {
      clearInterval(sweeper);
      clearInterval(reconciler);
      clearInterval(poller);
      clearInterval(puller);
      await polling;
      await pulling;
      await sweeping;
      await reconciling;
      await queue.close();
      await composer.close();
      await lists.close();
      await parsing.close();
      await watermarks.close();
      await exports.close();
      await db.close();
    },
  };
}
export type Services = ReturnType<typeof createServices>;

/** Opens the configured database, brings its schema up to date, and builds the services on it. */
export async function openServices(config: AppConfig): Promise<Services> {
  const db = openDb(config);
  await migrateToLatest(db);
  // The shipped exchange rates fill what the table lacks (docs/pricing-templates.md#exchange-rates).
  await createExchangeRates(db.db, config.now).seed(readRatesFile(SEED_RATES_FILE));
  return createServices(config, db);
}
