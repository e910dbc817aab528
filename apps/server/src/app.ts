import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { isPhonePath, PHONE_FIRST_CALLS, REQUEST_ID_HEADER } from '@app/contract';
import { clientErrorHandler, frameworkErrors, installErrorHandling, sendRouteNotFound } from './http/errorHandler.js';
import { AppError } from './http/errors.js';
import { installCrossSiteCheck } from './http/crossSite.js';
import { serializeRequest } from './http/logRedaction.js';
import { noStoreApi, refusalHeaders, registerSecurityHeaders } from './http/securityHeaders.js';
import { FILES_URL_PREFIX } from './storage/localStorage.js';
import type { Services } from './services.js';
import { accountRoutes } from './modules/accounts/index.js';
import { catalogueRoutes } from './modules/catalogue/index.js';
import { noticeRoutes } from './modules/notices/index.js';
import { inquiryRoutes } from './modules/inquiries/index.js';
import { siteFigureRoutes } from './modules/siteFigures/index.js';
import { materialRoutes } from './modules/materials/index.js';
import { designRoutes } from './modules/design/index.js';
import { synthesisRoutes } from './modules/synthesis/index.js';
import { jobRoutes } from './jobs/routes.js';
import { fontRoutes } from './compose/fontRoutes.js';
import { cartRoutes } from './modules/cart/index.js';
import { orderRoutes, productionRoutes } from './modules/orders/index.js';
import { marketOrderRoutes } from './modules/marketOrders/index.js';
import { walletRoutes } from './modules/wallet/index.js';
import { membershipRoutes } from './modules/membership/index.js';
import { priceTemplateRoutes } from './modules/priceTemplates/index.js';
import { priceRuleRoutes } from './modules/priceRules/index.js';
import { bannedWordsRoutes } from './modules/bannedWords/index.js';
import { titleRoutes } from './modules/titles/index.js';
import { thumbRoutes } from './storage/thumbRoutes.js';
import { fileRoutes } from './storage/fileRoutes.js';
import { createFileScopes } from './storage/blobAccess.js';
import { groupRoutes } from './modules/groups/index.js';
import { finishedRoutes } from './modules/finished/index.js';
import { downloadRoutes } from './modules/downloads/index.js';
import { batchDesignRoutes } from './modules/batchDesign/index.js';
import { shopRoutes } from './modules/shops/index.js';
import { barcodeRoutes } from './modules/barcodes/index.js';
import { templateRoutes } from './modules/templates/index.js';
import { marketTemplateRoutes } from './modules/marketTemplates/index.js';
import { watermarkRoutes } from './modules/watermarks/index.js';
import { exportRoutes, publicImageRoutes } from './modules/exports/index.js';
import { publishRoutes } from './modules/publish/index.js';
import { variantRoutes } from './modules/variants/index.js';

/** A hop count as Fastify's trustProxy function: the nearest `hops` addresses are proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface App {
  app: FastifyInstance;
  /** Every API route registered (method and path), for the OpenAPI completeness test. */
  apiRoutes: { method: string; url: string }[];
}

/**
 * The HTTP server on the services it is given (services.ts): plugins, every module's routes, the web
 * app and /files, not listening. It opens, migrates and seeds nothing: main.ts does that, and listens;
 * tests use `inject`. Closing the Fastify instance leaves the services to whoever made them.
 */
export async function buildApp(services: Services): Promise<App> {
  const { config, storage } = services;
  const app = Fastify({
    // The services' pino logger: request logs and job logs are one stream; logged addresses carry no
    // token or link signature.
    loggerInstance: services.log.child({}, { serializers: { req: serializeRequest } }) as FastifyBaseLogger,
    // TRUST_PROXY: the client's address (throttling, logs) from X-Forwarded-For of these proxies only.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.bodyLimit,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // What the router and Node's HTTP parser refuse answers the envelope too (errorHandler.ts).
    frameworkErrors: frameworkErrors(refusalHeaders({ https: config.cookieSecure })),
    clientErrorHandler: clientErrorHandler(services.log as FastifyBaseLogger, refusalHeaders({ https: config.cookieSecure })),
  });

  const apiRoutes: App['apiRoutes'] = [];
  app.addHook('onRoute', (r) => {
    if (r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')) {
      for (const method of [r.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: r.url });
    }
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  // Closing (docs/security.md#shutdown), Fastify ends the connections idle at that moment; one busy then (a webhook, a download) would stay open
  // once answered for as long as its client keeps it alive, which follows our keep-alive hint (72 s), and the close
  // would wait that long. Each is ended as soon as it goes idle instead, so a shutdown waits only for the answers.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installCrossSiteCheck(app);
  app.decorate('sessionResolver', services.accounts.resolver);
  app.decorate('signer', services.signer);
  // Before any route: CSP, nosniff, framing and referrer headers on every answer, no-store on /api.
  await registerSecurityHeaders(app, { https: config.cookieSecure });
  noStoreApi(app);
  await app.register(fastifyCookie);
  // Per-address limits, on the routes that ask for them (config.rateLimit: login, registration, inquiries). One
  // process's memory: several API processes each count their own.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new AppError(ctx.statusCode, 'tooManyAttempts', { seconds: Math.ceil(ctx.ttl / 1000) }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Seller back office API',
        version: '1.0.0',
        description: 'Every call answers {code, msg, data}; code 1 is success (docs/api.md#the-envelope).',
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

  accountRoutes(app, { accounts: services.accounts, config });
  catalogueRoutes(app, { catalogue: services.catalogue });
  noticeRoutes(app, { notices: services.notices });
  inquiryRoutes(app, { inquiries: services.inquiries, limit: config.addressLimits.inquiry });
  siteFigureRoutes(app, { siteFigures: services.siteFigures });
  materialRoutes(app, { materials: services.materials });
  designRoutes(app, { design: services.design });
  synthesisRoutes(app, { synthesis: services.synthesis });
  jobRoutes(app, { jobs: services.jobs });
  cartRoutes(app, { cart: services.cart });
  orderRoutes(app, { orders: services.orders });
  await productionRoutes(app, { production: services.production, storage: services.storage });
  await marketOrderRoutes(app, { marketOrders: services.marketOrders, webhooks: services.marketWebhooks });
  walletRoutes(app, { wallet: services.wallet, recharges: services.recharges, bills: services.bills, billExports: services.billExports });
  membershipRoutes(app, { membership: services.membership, accounts: services.accounts, config });
  groupRoutes(app, { groups: services.groups });
  finishedRoutes(app, { finished: services.finished, support: config.support });
  downloadRoutes(app, {
    downloads: services.downloads,
    storage,
    links: { signer: services.signer, ttlMs: config.downloadLinkTtlMs, now: config.now },
  });
  batchDesignRoutes(app, { batchDesign: services.batchDesign });
  shopRoutes(app, { shops: services.shops });
  barcodeRoutes(app, { barcodes: services.barcodes });
  priceTemplateRoutes(app, { priceTemplates: services.priceTemplates });
  priceRuleRoutes(app, { priceRules: services.priceRules });
  bannedWordsRoutes(app, { bannedWords: services.bannedWords });
  titleRoutes(app, { titles: services.titles, titlePreview: services.titlePreview });
  templateRoutes(app, { templates: services.templates });
  marketTemplateRoutes(app, { marketTemplates: services.marketTemplates });
  watermarkRoutes(app, { watermarks: services.watermarks });
  exportRoutes(app, { exports: services.exports });
  publishRoutes(app, { publish: services.publish });
  variantRoutes(app, { variants: services.variants, skuBindings: services.skuBindings });
  publicImageRoutes(app, { exports: services.exports, storage: services.storage });
  fontRoutes(app);
  // /files and /thumbs answer within the caller's scope (storage/blobAccess.ts, docs/security.md#blob-privacy).
  const scopeOf = createFileScopes(services.accounts.resolver);
  thumbRoutes(app, { storage, scopeOf });
  await fileRoutes(app, { root: path.join(config.dataDir, 'files'), scopeOf });

  const indexHtml = config.webDist ? path.join(config.webDist, 'index.html') : undefined;
  // The phone shell is an entry of its own (docs/mobile.md#addresses); a build without it answers the back office.
  const phoneHtml = config.webDist ? path.join(config.webDist, 'mobile.html') : undefined;
  const hasPhone = phoneHtml !== undefined && fs.existsSync(phoneHtml);
  const hasWeb = indexHtml !== undefined && fs.existsSync(indexHtml);
  // The two app shells are read once, as the static files are registered once: a build replacing dist/ under a
  // running server never leaves a page request without its shell (the server is restarted to serve a new build).
  const indexPage = hasWeb ? fs.readFileSync(indexHtml) : undefined;
  const phonePage = hasPhone ? fs.readFileSync(phoneHtml) : undefined;
  const phonePages = phonePage ? phonePagesWithFirstCalls(phonePage) : new Map<string, Buffer>();
  if (hasWeb && config.webDist) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each script and style sheet (docs/web.md#compressed-files): sent to a
      // browser that accepts them, compressed once rather than per request.
      preCompressed: true,
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
      const html = hasPhone && isPhonePath(url) ? (phonePages.get(url) ?? phonePage!) : indexPage!;
      return reply.header('cache-control', 'no-cache').type('text/html').send(html);
    }
    return sendRouteNotFound(req, reply);
  });

  await app.ready();
  return { app, apiRoutes };
}

/**
 * The phone entry's page for each address whose first calls are known (PHONE_FIRST_CALLS, docs/mobile.md#speed): the
 * same page with a preload of each call, so a phone asks for the page's data alongside its scripts.
 */
function phonePagesWithFirstCalls(page: Buffer): Map<string, Buffer> {
  const html = page.toString('utf8');
  const pages = new Map<string, Buffer>();
  if (!html.includes('</head>')) return pages;
  for (const [address, calls] of Object.entries(PHONE_FIRST_CALLS)) {
    const links = calls.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`).join('');
    pages.set(address, Buffer.from(html.replace('</head>', `${links}</head>`), 'utf8'));
  }
  return pages;
}
