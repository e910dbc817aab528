import { createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DECODE_BUDGET_BYTES } from './images/budget.js';

/** Everything the server is configured by, read from the environment once (README: Configuration). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(7),
  /** Sub-accounts one top-level account may have (docs/security.md#sub-accounts). */
  SUB_ACCOUNT_MAX: z.coerce.number().int().min(0).default(50),
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** Demo catalogue, materials and finished products; defaults to SEED_DEMO. */
  SEED_DEMO_CONTENT: z.enum(['0', '1', 'true', 'false']).optional(),
  WEB_DIST: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  COMPOSE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  READ_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  COOKIE_SECURE: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** The help drawer's customer-service phone number and the address its QR code opens (docs/finished.md#navigation). */
  SUPPORT_PHONE: z.string().max(40).default('400-820-8820'),
  SUPPORT_URL: z.url().default('https://example.com/support'),
  /** 64 hex characters; unset = generated once into DATA_DIR/secret.key (secrets/secretKey.ts). */
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'SECRET_KEY must be 64 hex characters (32 random bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For): unset
   * or 0 none; a number, that many hops; else their addresses or subnets, comma-separated (proxy-addr's
   * names loopback, linklocal, uniquelocal too). docs/security.md#throttling.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): TrustProxy => {
      if (v === undefined || v === '' || v === '0' || v === 'false') return false;
      if (/^\d+$/.test(v)) return Number(v);
      if (v === 'true' || v === '*')
        ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY: name the proxies (addresses or a hop count), not every address' });
      const list = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const bad = list.find((p) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(p));
      if (bad) ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: "${bad}" is not an address, a subnet or a hop count` });
      return list;
    }),
  /** This server's public base URL (image domain 1, docs/exports.md); default http://localhost:<PORT>. */
  PUBLIC_URL: z.url().optional(),
  /** More image domains: JSON list of {id, title, base_url}; id 1 is always PUBLIC_URL (docs/exports.md). */
  IMAGE_DOMAINS: z
    .string()
    .optional()
    .transform((v, ctx): ImageDomainConfig[] => {
      if (v === undefined || v.trim() === '') return [];
      const parsed = imageDomainList.safeParse(
        (() => {
          try {
            return JSON.parse(v) as unknown;
          } catch {
            return undefined;
          }
        })(),
      );
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'IMAGE_DOMAINS: a JSON list of {id (2 or more), title, base_url (http/https)}' });
        return [];
      }
      return parsed.data.map((d) => ({ id: d.id, title: d.title, baseUrl: d.base_url.replace(/\/+$/, '') }));
    }),
  /**
   * Marketplace A's (AliExpress) and B's (TikTok Shop) API base URLs. Unset: the server starts the repo's
   * sandboxes in-process on local ports and points the adapters at them (docs/publishing.md#sandboxes).
   */
  MARKETPLACE_A_URL: z.url({ protocol: /^https?$/ }).optional(),
  MARKETPLACE_B_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Requests per second the publish job sends to one shop of A / of B (docs/publishing.md#pacing); default
   * the sandboxes' default limits (A 20, B 50).
   */
  PUBLISH_RATE_A: z.coerce.number().positive().max(1000).default(20),
  PUBLISH_RATE_B: z.coerce.number().positive().max(1000).default(50),
  /** Products of one shop published at once. */
  PUBLISH_SHOP_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /**
   * Publish jobs one process works at once, over every shop: a lane of their own beside composition's
   * (jobs/queue.ts JobLanes), since they mostly wait on the marketplaces.
   */
  PUBLISH_JOBS: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * Memory one image decode may hold in a whole frame (MB): progressive JPEGs, interlaced PNGs and pictures
   * turned by their EXIF orientation beyond it are refused (docs/security.md#image-decoding).
   */
  IMAGE_DECODE_BUDGET_MB: z.coerce.number().int().min(16).max(4096).default(100),
  /** Export jobs one process works at once: a lane of their own (jobs/queue.ts JobLanes, docs/security.md#fair-shares). */
  EXPORT_JOBS: z.coerce.number().int().min(1).max(16).default(2),
  /** Jobs of one account family running at once per kind; unset: each lane's slots but one (docs/security.md#fair-shares). */
  FAMILY_JOBS: z.coerce.number().int().min(1).max(64).optional(),
  /** Compositions / exports one family may leave waiting before more are refused with 429. */
  FAMILY_QUEUED_COMPOSITIONS: z.coerce.number().int().min(1).max(100_000).default(500),
  FAMILY_QUEUED_EXPORTS: z.coerce.number().int().min(1).max(1000).default(10),
  /** Days a stored export file is kept, and the stored export files one family may keep (MB): docs/exports.md#retention. */
  EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  EXPORT_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  /** How long a signed download link works (seconds). */
  DOWNLOAD_LINK_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * The payment provider (Alipay's computer-website pay) for wallet recharges: its gateway, the app's id, the
   * app's private key and Alipay's public key (each key a PEM, the bare base64 Alipay's key tool shows, or a
   * file holding one). Unset gateway: the server starts the payment sandbox in-process (docs/payments.md).
   */
  PAYMENT_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYMENT_APP_ID: z.string().trim().min(1).max(32).optional(),
  PAYMENT_APP_PRIVATE_KEY: z.string().trim().min(1).optional(),
  PAYMENT_ALIPAY_PUBLIC_KEY: z.string().trim().min(1).optional(),
  /**
   * The print factory's API base and its key (docs/fulfilment.md). Unset URL: the server starts the repo's
   * factory sandbox in-process and registers a key on it; FACTORY_SPEED is that sandbox's pace.
   */
  FACTORY_URL: z.url({ protocol: /^https?$/ }).optional(),
  FACTORY_API_KEY: z.string().min(1).optional(),
  /** The factory's webhook secret, until registerWebhook answers one (docs/fulfilment.md#webhooks). */
  FACTORY_WEBHOOK_SECRET: z.string().min(1).optional(),
  FACTORY_SPEED: z.enum(['default', 'fast']).default('default'),
  /** Registrations one address may make an hour (docs/security.md): 10 stops a script, a shared office may need more. */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
});

/** A key given as a PEM, as bare base64 or as the path of a file holding either. */
const keyText = (v: string) =>
  !v.includes('-----BEGIN') && fs.existsSync(v) && fs.statSync(v).isFile() ? fs.readFileSync(v, 'utf8').trim() : v;

const readsAs = (read: () => unknown) => {
  try {
    read();
    return true;
  } catch {
    return false;
  }
};
const der = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'base64');
/** Node reads the key: a PEM, or bare base64 of PKCS#8 or PKCS#1 (private) / SPKI (public). */
const privateKeyReads = (t: string) =>
  t.includes('-----BEGIN')
    ? readsAs(() => createPrivateKey(t))
    : readsAs(() => createPrivateKey({ key: der(t), format: 'der', type: 'pkcs8' })) ||
      readsAs(() => createPrivateKey({ key: der(t), format: 'der', type: 'pkcs1' }));
const publicKeyReads = (t: string) =>
  t.includes('-----BEGIN')
    ? readsAs(() => createPublicKey(t))
    : readsAs(() => createPublicKey({ key: der(t), format: 'der', type: 'spki' }));

/** The payment settings: all four with a gateway, none without (docs/payments.md#configuration). */
function paymentConfig(e: z.infer<typeof envSchema>): PaymentConfig {
  const given = {
    PAYMENT_APP_ID: e.PAYMENT_APP_ID,
    PAYMENT_APP_PRIVATE_KEY: e.PAYMENT_APP_PRIVATE_KEY,
    PAYMENT_ALIPAY_PUBLIC_KEY: e.PAYMENT_ALIPAY_PUBLIC_KEY,
  };
  const set = Object.entries(given).filter(([, v]) => v !== undefined);
  if (!e.PAYMENT_GATEWAY_URL) {
    if (set.length)
      throw new Error(
        `Invalid configuration:\n  ${set.map(([k]) => k).join(', ')}: set without PAYMENT_GATEWAY_URL (unset, the in-process sandbox is used)`,
      );
    return {};
  }
  const unset = Object.entries(given).filter(([, v]) => v === undefined);
  if (unset.length) throw new Error(`Invalid configuration:\n  ${unset.map(([k]) => k).join(', ')}: required with PAYMENT_GATEWAY_URL`);
  const appPrivateKey = keyText(e.PAYMENT_APP_PRIVATE_KEY!);
  const alipayPublicKey = keyText(e.PAYMENT_ALIPAY_PUBLIC_KEY!);
  if (!privateKeyReads(appPrivateKey))
    throw new Error('Invalid configuration:\n  PAYMENT_APP_PRIVATE_KEY: not an RSA private key (PEM, bare base64, or a file holding one)');
  if (!publicKeyReads(alipayPublicKey))
    throw new Error('Invalid configuration:\n  PAYMENT_ALIPAY_PUBLIC_KEY: not a public key (PEM, bare base64, or a file holding one)');
  return { gatewayUrl: e.PAYMENT_GATEWAY_URL, appId: e.PAYMENT_APP_ID!, appPrivateKey, alipayPublicKey };
}

/** Logins one address may try a minute (docs/security.md). */
const LOGIN_PER_ADDRESS = { max: 30, windowMs: 60 * 1000 };
/** Inquiries one address may send an hour (docs/mobile.md#inquiries). */
const INQUIRY_PER_ADDRESS = { max: 5, windowMs: 60 * 60 * 1000 };

const imageDomainList = z
  .array(
    z.object({
      id: z.number().int().min(2),
      title: z.string().min(1).max(100),
      base_url: z.url({ protocol: /^https?$/ }),
    }),
  )
  .refine((l) => new Set(l.map((d) => d.id)).size === l.length, 'ids must be unique');

/** An image domain (docs/exports.md#image-urls): the host every image URL of an export is written on. */
export interface ImageDomainConfig {
  id: number;
  title: string;
  /** No trailing slash. */
  baseUrl: string;
}

/** Domain 1, this server's own public address, first; then the configured ones. */
export const imageDomainsOf = (publicUrl: string, more: ImageDomainConfig[]): ImageDomainConfig[] => [
  { id: 1, title: publicUrl.replace(/^https?:\/\//, '').replace(/\/+$/, ''), baseUrl: publicUrl.replace(/\/+$/, '') },
  ...more,
];

/** Fastify's trustProxy: false, a hop count, or the proxies' addresses/subnets. */
export type TrustProxy = false | number | string[];

/** A limit of requests per client address within a window (@fastify/rate-limit). */
export interface AddressLimit {
  max: number;
  windowMs: number;
}

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface AppConfig {
  dataDir: string;
  /** postgres:// URL, or undefined for the embedded SQLite file under dataDir. */
  databaseUrl?: string;
  logLevel: string;
  /** Where log lines go; stdout when unset. Tests capture them. */
  logStream?: NodeJS.WritableStream;
  sessionTtlMs: number;
  seedDemo: boolean;
  /**
   * Also seed the demo catalogue, materials and finished products (made by the real pipeline). On with
   * SEED_DEMO in production; tests turn it on only where they need it, since it composes images.
   */
  seedDemoContent: boolean;
  /** REDIS_URL: the job queue runs on BullMQ with separate workers (`npm run worker`) when set. */
  redisUrl?: string | undefined;
  /** Composition worker threads in this process (0 = compose on the calling thread, for tools only). */
  composeThreads: number;
  /**
   * Threads that read the finished list on the embedded SQLite (0 = on the event loop: tests and tools).
   * READ_THREADS; the server defaults to the machine's cores, at most 4.
   */
  readThreads: number;
  /** Work queued jobs in this process (the embedded default; off for API-only processes with REDIS_URL). */
  runJobs: boolean;
  /** Built web app to serve at /, if any. */
  webDist?: string;
  cookieSecure: boolean;
  /** Password hashing cost; undefined means the library's recommended default. Tests pass a cheap one. */
  argon2?: Argon2Cost;
  /** The clock, injectable so tests can move time (login throttling, session expiry). */
  now: () => number;
  /**
   * Failed logins of one username from one address: `maxPerPair` within `windowMs` are free, then each
   * attempt waits `delayMs` after the last failure, doubling (accounts/loginThrottle.ts). Across every address,
   * `maxPerAccount` failures within the window are free; past them only a device that logged in to the account
   * before (its signed device cookie, valid `deviceTtlMs`) is not made to wait (docs/security.md#throttling).
   */
  loginThrottle: { windowMs: number; maxPerPair: number; delayMs: number; maxPerAccount: number; deviceTtlMs: number };
  /**
   * Sub-accounts of one top-level account: at most `max` in all, and `perWindow` created within `windowMs`
   * (docs/security.md#sub-accounts): every per-account limit would otherwise multiply with them.
   */
  subAccounts: { max: number; perWindow: number; windowMs: number };
  /** Requests per client address: logins (and apiToken), registrations and inquiries (@fastify/rate-limit). */
  addressLimits: { login: AddressLimit; register: AddressLimit; inquiry: AddressLimit };
  /** TRUST_PROXY: whose X-Forwarded-For names the client's address (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  /** How long a signed download link works. */
  downloadLinkTtlMs: number;
  /** IMAGE_DECODE_BUDGET_MB in bytes. */
  imageDecodeBudgetBytes: number;
  /** Largest JSON body accepted. */
  bodyLimit: number;
  /** Customer service shown in the help drawer. */
  support: { phone: string; url: string };
  /** SECRET_KEY as configured (hex); undefined = the key generated into dataDir (secrets/secretKey.ts). */
  secretKey?: string | undefined;
  /** PUBLIC_URL, no trailing slash: this server as a marketplace reaches it (image domain 1). */
  publicUrl: string;
  /** Every image domain, id 1 (publicUrl) first (docs/exports.md#image-urls). */
  imageDomains: ImageDomainConfig[];
  /**
   * The marketplaces' API base URLs (no trailing slash). Undefined: main.ts starts the sandboxes in-process
   * and fills them in before the services are built (docs/publishing.md#sandboxes).
   */
  marketplaceUrls: { a?: string | undefined; b?: string | undefined };
  /** Set by main.ts when it started the sandboxes itself: the demo account then gets a connected shop on each. */
  sandboxesInProcess?: boolean;
  /** Per shop: requests per second the publish job paces itself to (per marketplace), and products published at once. */
  publish: { rateA: number; rateB: number; shopConcurrency: number; jobs: number };
  /**
   * Fair shares of the job queue between account families (docs/security.md#fair-shares): export jobs at once
   * (their lane), one family's jobs running at once per kind (undefined: each lane's slots but one), and
   * the jobs of a kind one family may leave waiting.
   */
  jobs: { exports: number; perFamily?: number | undefined; queued: { compositions: number; exports: number } };
  /** The payment provider for wallet recharges; empty until main.ts starts the sandbox when no gateway is set. */
  payment: PaymentConfig;
  /**
   * The print factory (docs/fulfilment.md): its API base (no trailing slash), key and webhook secret. URL
   * undefined: main.ts starts the sandbox in-process (`speed` its pace) and fills url and apiKey in.
   */
  factory: {
    url?: string | undefined;
    apiKey?: string | undefined;
    webhookSecret?: string | undefined;
    speed: 'default' | 'fast';
    /** Set by startFactoryIfUnset: true when the sandbox runs in this process. */
    inProcess?: boolean;
  };
  /** Stored export files: kept `retentionDays`, at most `quotaBytes` per family (docs/exports.md#retention). */
  exportFiles: { retentionDays: number; quotaBytes: number };
}

/**
 * The payment provider's settings (docs/payments.md#configuration): all set, or none (the in-process
 * sandbox, which fills them in at start: payments/sandbox.ts). Keys as given: PEM or bare base64.
 */
export interface PaymentConfig {
  gatewayUrl?: string | undefined;
  appId?: string | undefined;
  appPrivateKey?: string | undefined;
  alipayPublicKey?: string | undefined;
  /** Set when the server started the payment sandbox itself. */
  sandboxInProcess?: boolean;
}

export interface ListenConfig {
  port: number;
  host: string;
}

/** Sub-accounts one account may create within an hour (docs/security.md#sub-accounts). */
const SUB_ACCOUNT_RATE = { perWindow: 10, windowMs: 60 * 60 * 1000 };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): { app: AppConfig; listen: ListenConfig } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.FACTORY_URL && !e.FACTORY_API_KEY) throw new Error('Invalid configuration:\n  FACTORY_API_KEY: required with FACTORY_URL');
  return {
    listen: { port: e.PORT, host: e.HOST },
    app: {
      ...defaultAppConfig(path.resolve(e.DATA_DIR)),
      databaseUrl: e.DATABASE_URL,
      logLevel: e.LOG_LEVEL,
      sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3600 * 1000,
      subAccounts: { ...SUB_ACCOUNT_RATE, max: e.SUB_ACCOUNT_MAX },
      seedDemo: e.SEED_DEMO,
      seedDemoContent: e.SEED_DEMO_CONTENT === undefined ? e.SEED_DEMO : e.SEED_DEMO_CONTENT === '1' || e.SEED_DEMO_CONTENT === 'true',
      redisUrl: e.REDIS_URL,
      // With Redis, `npm run worker` processes do the composing; the API process only enqueues.
      runJobs: e.REDIS_URL === undefined,
      ...(e.COMPOSE_THREADS ? { composeThreads: e.COMPOSE_THREADS } : {}),
      readThreads: e.READ_THREADS ?? Math.min(4, os.availableParallelism()),
      webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
      cookieSecure: e.COOKIE_SECURE,
      support: { phone: e.SUPPORT_PHONE, url: e.SUPPORT_URL },
      secretKey: e.SECRET_KEY,
      trustProxy: e.TRUST_PROXY,
      downloadLinkTtlMs: e.DOWNLOAD_LINK_TTL_SECONDS * 1000,
      addressLimits: {
        login: LOGIN_PER_ADDRESS,
        register: { max: e.REGISTRATIONS_PER_HOUR, windowMs: 60 * 60 * 1000 },
        inquiry: INQUIRY_PER_ADDRESS,
      },
      imageDecodeBudgetBytes: e.IMAGE_DECODE_BUDGET_MB * 1024 * 1024,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      imageDomains: imageDomainsOf(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`, e.IMAGE_DOMAINS),
      marketplaceUrls: { a: e.MARKETPLACE_A_URL?.replace(/\/+$/, ''), b: e.MARKETPLACE_B_URL?.replace(/\/+$/, '') },
      publish: { rateA: e.PUBLISH_RATE_A, rateB: e.PUBLISH_RATE_B, shopConcurrency: e.PUBLISH_SHOP_CONCURRENCY, jobs: e.PUBLISH_JOBS },
      jobs: {
        exports: e.EXPORT_JOBS,
        perFamily: e.FAMILY_JOBS,
        queued: { compositions: e.FAMILY_QUEUED_COMPOSITIONS, exports: e.FAMILY_QUEUED_EXPORTS },
      },
      exportFiles: { retentionDays: e.EXPORT_RETENTION_DAYS, quotaBytes: e.EXPORT_QUOTA_MB * 1024 * 1024 },
      payment: paymentConfig(e),
      factory: {
        url: e.FACTORY_URL?.replace(/\/+$/, ''),
        apiKey: e.FACTORY_API_KEY,
        webhookSecret: e.FACTORY_WEBHOOK_SECRET,
        speed: e.FACTORY_SPEED,
      },
    },
  };
}

export function defaultAppConfig(dataDir: string): AppConfig {
  return {
    dataDir,
    logLevel: 'info',
    sessionTtlMs: 7 * 24 * 3600 * 1000,
    seedDemo: true,
    seedDemoContent: false,
    runJobs: true,
    composeThreads: 1,
    readThreads: 0,
    cookieSecure: false,
    now: () => Date.now(),
    loginThrottle: {
      windowMs: 15 * 60 * 1000,
      maxPerPair: 5,
      delayMs: 30 * 1000,
      maxPerAccount: 20,
      deviceTtlMs: 365 * 24 * 3600 * 1000,
    },
    subAccounts: { max: 50, ...SUB_ACCOUNT_RATE },
    addressLimits: { login: LOGIN_PER_ADDRESS, register: { max: 10, windowMs: 60 * 60 * 1000 }, inquiry: INQUIRY_PER_ADDRESS },
    trustProxy: false,
    downloadLinkTtlMs: 60 * 1000,
    imageDecodeBudgetBytes: DEFAULT_DECODE_BUDGET_BYTES,
    bodyLimit: 1024 * 1024,
    support: { phone: '400-820-8820', url: 'https://example.com/support' },
    publicUrl: 'http://localhost:8080',
    imageDomains: imageDomainsOf('http://localhost:8080', []),
    marketplaceUrls: {},
    publish: { rateA: 20, rateB: 50, shopConcurrency: 4, jobs: 8 },
    jobs: { exports: 2, queued: { compositions: 500, exports: 10 } },
    exportFiles: { retentionDays: 30, quotaBytes: 2048 * 1024 * 1024 },
    payment: {},
    factory: { speed: 'default' },
  };
}
