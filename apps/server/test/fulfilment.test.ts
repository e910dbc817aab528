import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFactory, type Factory } from '@sandbox/factory';
import { defaultAppConfig, loadConfig, type AppConfig } from '../src/config.js';
import {
  FulfilmentError,
  fulfilmentProviderFrom,
  startFactoryIfUnset,
  type FulfilmentEvent,
  type FulfilmentOrder,
  type FulfilmentProvider,
} from '../src/modules/fulfilment/index.js';

/**
 * The fulfilment provider (docs/fulfilment.md#adapter) against the factory sandbox at `fast` speed over
 * real HTTP: idempotent submit, refusals, the file checks surfacing as `refused`, the statuses heard by a
 * verified webhook, cancelling, and the in-process start when FACTORY_URL is unset. No database.
 */
let factory: Factory;
let files: { url: string; server: Server };
let provider: FulfilmentProvider;
let seq = 0;

async function listen(server: Server) {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const closeServer = (s: Server) => new Promise<void>((r) => s.close(() => r()));
const configFor = (f: Factory, key: string, more: Partial<AppConfig['factory']> = {}): AppConfig => ({
  ...defaultAppConfig('/nonexistent'),
  factory: { url: f.url, apiKey: key, speed: 'fast', ...more },
});

beforeAll(async () => {
  factory = await startFactory({ speed: 'fast', webhookRetryDelaysMs: [20, 20, 20] });
  const picture = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
  const served: Record<string, Buffer> = {
    '/front.png': await picture(60, 40),
    '/notes.txt': Buffer.from('text'),
    '/small.png': await picture(10, 10),
  };
  const server = createServer((req, res) => {
    const body = served[req.url ?? ''];
    res.writeHead(body ? 200 : 404).end(body ?? '');
  });
  files = { url: await listen(server), server };
  provider = fulfilmentProviderFrom(configFor(factory, factory.createApiKey()));
});
afterAll(async () => {
  await factory.close();
  await closeServer(files.server);
});

const order = (file = '/front.png', more: Partial<FulfilmentOrder> = {}): FulfilmentOrder => ({
  orderNumber: `P${Date.UTC(2026, 0, 1)}-${++seq}`,
  shipping: 'STANDARD',
  recipient: { name: 'Wang Fang', address1: '5 Harbour Rd', city: 'Sydney', stateCode: 'NSW', countryCode: 'AU', zip: '2000' },
  lines: [
    { lineId: 'line-1', sku: 'MUG-11OZ', quantity: 1, files: [{ placement: 'default', url: files.url + file, widthPx: 60, heightPx: 40 }] },
  ],
  ...more,
});
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as FulfilmentError,
  );

describe('submit', () => {
  it('answers the first order when the same order number comes again, and refuses other contents', async () => {
    const o = order();
    const first = await provider.submit(o);
    const again = await provider.submit(o);
    expect(first.status).toBe('submitted');
    expect(again.factoryOrderId).toBe(first.factoryOrderId);
    expect((await provider.get(o.orderNumber))?.factoryOrderId).toBe(first.factoryOrderId);
    const e = await rejection(provider.submit({ ...o, shipping: 'EXPRESS' }));
    expect(e).toBeInstanceOf(FulfilmentError);
    expect(e?.kind).toBe('conflict');
  });

  it('refuses an order missing a field, naming it; a wrong key is an auth error', async () => {
    const e = await rejection(provider.submit(order('/front.png', { recipient: { ...order().recipient, stateCode: undefined } })));
    expect(e?.kind).toBe('invalid');
    expect(e?.message).toMatch(/^recipient\.state_code/);
    const stranger = fulfilmentProviderFrom(configFor(factory, 'sk_unknown'));
    expect((await rejection(stranger.submit(order())))?.kind).toBe('auth');
    expect(await provider.get('never-sent')).toBeNull();
  });

  it('surfaces a file the factory cannot use as refused, with the reason and our line', async () => {
    for (const [file, code] of [
      ['/gone.png', 'file_unreachable'],
      ['/notes.txt', 'file_type'],
      ['/small.png', 'file_size_mismatch'],
    ] as const) {
      const o = order(file);
      await provider.submit(o);
      await vi.waitFor(async () => expect((await provider.get(o.orderNumber))?.status).toBe('refused'));
      expect((await provider.get(o.orderNumber))?.failure).toMatchObject({ code, lineId: 'line-1' });
    }
  });
});

describe('webhooks and statuses', () => {
  let hooks: Server;
  let heard: { raw: Buffer; headers: IncomingHttpHeaders }[];
  let own: FulfilmentProvider;
  let secret: string;
  beforeAll(async () => {
    heard = [];
    hooks = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        heard.push({ raw: Buffer.concat(chunks), headers: req.headers });
        res.writeHead(200).end();
      });
    });
    own = fulfilmentProviderFrom(configFor(factory, factory.createApiKey()));
    ({ secret } = await own.registerWebhook(await listen(hooks)));
  });
  afterAll(() => closeServer(hooks));

  it('hears the order go through production and shipping to delivered, each event verified', async () => {
    const o = order();
    await own.submit(o);
    const events = () => heard.map((h) => own.verifyWebhook(h.raw, h.headers)).filter((e): e is FulfilmentEvent => e !== null);
    // Each change is its own delivery: they may arrive out of order (docs/fulfilment.md#webhooks).
    await vi.waitFor(() =>
      expect(
        events()
          .map((e) => e.status)
          .sort(),
      ).toEqual(['delivered', 'in_production', 'shipped']),
    );
    const shipped = events().find((e) => e.type === 'package_shipped');
    expect(shipped?.orderNumber).toBe(o.orderNumber);
    expect(shipped?.shipments[0]).toMatchObject({
      carrier: expect.any(String),
      trackingNumber: expect.any(String),
      trackingUrl: expect.stringMatching(/^https:/),
    });
    expect((await own.get(o.orderNumber))?.status).toBe('delivered');
  });

  it('refuses a tampered body, a stale timestamp and a missing signature', async () => {
    await own.submit(order());
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0));
    const { raw, headers } = heard[0]!;
    expect(own.verifyWebhook(raw, headers)).not.toBeNull();
    const tampered = Buffer.from(raw.toString().replace('"status":"', '"status":"x'));
    expect(own.verifyWebhook(tampered, headers)).toBeNull();
    expect(own.verifyWebhook(raw, { ...headers, 'x-factory-signature': undefined })).toBeNull();
    // FACTORY_WEBHOOK_SECRET is what a process that did not register the webhook checks with.
    const sent = Number(headers['x-factory-timestamp']) * 1000;
    const at = (now: number, webhookSecret: string) =>
      fulfilmentProviderFrom({ ...configFor(factory, 'k', { webhookSecret }), now: () => now });
    expect(at(sent + 60_000, secret).verifyWebhook(raw, headers)).not.toBeNull();
    expect(at(sent, 'another-secret').verifyWebhook(raw, headers)).toBeNull();
    // The same delivery six minutes later: a replay.
    expect(at(sent + 6 * 60_000, secret).verifyWebhook(raw, headers)).toBeNull();
  });
});

describe('cancel', () => {
  // At the default pace an order stays pending 10 s: long enough to cancel on a busy machine.
  let slow: Factory;
  beforeAll(async () => {
    slow = await startFactory({ speed: 'default' });
  });
  afterAll(() => slow.close());

  it('cancels before production, not after', async () => {
    const key = slow.createApiKey();
    const p = fulfilmentProviderFrom(configFor(slow, key));
    const before = order();
    await p.submit(before);
    expect(await p.cancel(before.orderNumber)).toBe(true);
    expect((await p.get(before.orderNumber))?.status).toBe('canceled');

    const after = order();
    await p.submit(after);
    // The sandbox's control call puts it into production now (docs/fulfilment.md#control-calls).
    await fetch(`${slow.url}/sandbox/orders/@${after.orderNumber}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'inprocess' }),
    });
    expect((await p.get(after.orderNumber))?.status).toBe('in_production');
    expect(await p.cancel(after.orderNumber)).toBe(false);
    expect((await rejection(p.cancel('never-sent')))?.kind).toBe('not_found');
  });
});

describe('configuration', () => {
  it('starts the sandbox in-process when FACTORY_URL is unset and registers a key', async () => {
    const config: AppConfig = { ...defaultAppConfig('/nonexistent'), factory: { speed: 'fast' } };
    const started = await startFactoryIfUnset(config);
    try {
      expect(config.factory.inProcess).toBe(true);
      const p = fulfilmentProviderFrom(config);
      const o = order();
      expect((await p.submit(o)).status).toBe('submitted');
    } finally {
      await started.close();
    }
  });

  it('reads FACTORY_* and wants a key with a URL', () => {
    expect(() => loadConfig({ FACTORY_URL: 'https://api.factory.example' })).toThrow(/FACTORY_API_KEY/);
    const { app } = loadConfig({ FACTORY_URL: 'https://api.factory.example/', FACTORY_API_KEY: 'k', FACTORY_SPEED: 'fast' });
    expect(app.factory).toMatchObject({ url: 'https://api.factory.example', apiKey: 'k', speed: 'fast' });
    expect(loadConfig({}).app.factory.url).toBeUndefined();
  });
});
