import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFactory, type Factory } from '../src/index.js';
import { fileServer, webhookReceiver } from './servers.js';

// The factory sandbox over real HTTP at `fast` speed: auth, the order checks, idempotency on
// external_id, the file checks, the statuses, cancelling, and signed webhooks with their retries.
let factory: Factory;
let files: Awaited<ReturnType<typeof fileServer>>;
let key: string;
let seq = 0;
beforeAll(async () => {
  factory = await startFactory({ speed: 'fast', webhookRetryDelaysMs: [20, 20, 20] });
  files = await fileServer();
  key = factory.createApiKey();
});
afterAll(async () => {
  await factory.close();
  await files.close();
});

async function call(method: string, path: string, body?: unknown, apiKey = key) {
  const res = await fetch(factory.url + path, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { code: number; result: any; error?: { reason: string; message: string } } };
}

function order(file = '/good.png', over: Record<string, unknown> = {}) {
  return {
    external_id: `SO-${++seq}`,
    shipping: 'STANDARD',
    recipient: { name: 'Li Lei', address1: '1 Main St', city: 'Austin', state_code: 'TX', country_code: 'US', zip: '73301' },
    items: [
      { external_id: 'L1', sku: 'TEE-M', quantity: 2, files: [{ placement: 'front', url: files.url + file, width_px: 40, height_px: 30 }] },
    ],
    ...over,
  };
}
const statusOf = async (id: number) => (await call('GET', `/v1/orders/${id}`)).body.result;

describe('orders', () => {
  it('refuses a missing or unknown API key with 401', async () => {
    expect((await call('POST', '/v1/orders', order(), 'nope')).status).toBe(401);
    expect((await fetch(`${factory.url}/v1/orders/1`)).status).toBe(401);
  });

  it('names the field it refuses', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ external_id: undefined }, 'external_id'],
      [{ shipping: 'TELEPORT' }, 'shipping'],
      [{ recipient: { ...order().recipient, country_code: 'XX' } }, 'recipient.country_code'],
      [{ recipient: { ...order().recipient, state_code: undefined } }, 'recipient.state_code'],
      [{ items: [{ ...order().items[0], quantity: 0 }] }, 'items[0].quantity'],
      [
        { items: [{ ...order().items[0], files: [{ placement: 'front', url: 'ftp://x', width_px: 1, height_px: 1 }] }] },
        'items[0].files[0].url',
      ],
      [{ items: [] }, 'items'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/v1/orders', order('/good.png', over));
      expect(res.status).toBe(400);
      expect(res.body.error?.reason).toBe('BadRequest');
      expect(res.body.error?.message.startsWith(field)).toBe(true);
    }
  });

  it('answers the same order again for the same external_id, and 409 for other contents', async () => {
    const body = order();
    const first = await call('POST', '/v1/orders', body);
    const again = await call('POST', '/v1/orders', body);
    expect(first.body.result.status).toBe('pending');
    expect(again.status).toBe(200);
    expect(again.body.result.id).toBe(first.body.result.id);
    const changed = await call('POST', '/v1/orders', { ...body, shipping: 'EXPRESS' });
    expect(changed.status).toBe(409);
    expect((await call('GET', `/v1/orders/@${body.external_id}`)).body.result.id).toBe(first.body.result.id);
  });

  it('moves a good order through production and shipping to fulfilled', async () => {
    for (const file of ['/good.png', '/photo.jpg']) {
      const { result } = (await call('POST', '/v1/orders', order(file))).body;
      await vi.waitFor(async () => expect((await statusOf(result.id)).status).toBe('fulfilled'));
      const done = await statusOf(result.id);
      expect(done.shipments[0]).toMatchObject({
        carrier: 'UPS',
        tracking_number: expect.any(String),
        tracking_url: expect.stringMatching(/^https:/),
      });
    }
  });

  it('fails an order whose file cannot be had, is no image or has other pixels', async () => {
    for (const [file, code] of [
      ['/missing.png', 'file_unreachable'],
      ['/notes.txt', 'file_type'],
      ['/wrong.png', 'file_size_mismatch'],
    ]) {
      const { result } = (await call('POST', '/v1/orders', order(file))).body;
      await vi.waitFor(async () => expect((await statusOf(result.id)).status).toBe('failed'));
      expect((await statusOf(result.id)).failure).toMatchObject({ code, item_external_id: 'L1' });
    }
  });

  it('refuses a file over the size limit', async () => {
    const small = await startFactory({ speed: 'fast', fileMaxBytes: 10 });
    try {
      const k = small.createApiKey();
      const res = await fetch(`${small.url}/v1/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
        body: JSON.stringify(order()),
      });
      const id = ((await res.json()) as { result: { id: number } }).result.id;
      await vi.waitFor(async () => {
        const got = (await (await fetch(`${small.url}/v1/orders/${id}`, { headers: { authorization: `Bearer ${k}` } })).json()) as {
          result: { status: string; failure?: { code: string } };
        };
        expect(got.result.failure?.code).toBe('file_unreachable');
      });
    } finally {
      await small.close();
    }
  });

  it('cancels a pending order, not one in production', async () => {
    // At the default pace an order stays pending 10 s: long enough to cancel on a busy machine.
    const slow = await startFactory({ speed: 'default' });
    try {
      const k = slow.createApiKey();
      const at = (method: string, path: string, body?: unknown) =>
        fetch(slow.url + path, {
          method,
          headers: { authorization: `Bearer ${k}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const idOf = async (r: Response) => ((await r.json()) as { result: { id: number; status: string } }).result;
      const a = await idOf(await at('POST', '/v1/orders', order()));
      expect((await idOf(await at('DELETE', `/v1/orders/${a.id}`))).status).toBe('canceled');
      const b = await idOf(await at('POST', '/v1/orders', order()));
      await at('POST', `/sandbox/orders/${b.id}/status`, { status: 'inprocess' });
      expect((await at('DELETE', `/v1/orders/${b.id}`)).status).toBe(409);
    } finally {
      await slow.close();
    }
  });
});

describe('webhooks', () => {
  it('signs every change and tries again after a failed delivery', async () => {
    const hooks = await webhookReceiver();
    try {
      const k = factory.createApiKey();
      const { secret } = (await call('POST', '/v1/webhooks', { url: hooks.url }, k)).body.result;
      await call('POST', '/sandbox/webhooks/fail', { count: 2 }, k);
      const o = (await call('POST', '/v1/orders', order(), k)).body.result;
      await vi.waitFor(() => expect(hooks.received.map((r) => JSON.parse(r.body).type)).toContain('package_shipped'));
      await vi.waitFor(() =>
        expect(hooks.received.map((r) => JSON.parse(r.body).data.order.status)).toEqual(
          expect.arrayContaining(['inprocess', 'shipped', 'fulfilled']),
        ),
      );
      for (const r of hooks.received) {
        const ts = r.headers['x-factory-timestamp'] as string;
        expect(r.headers['x-factory-signature']).toBe(createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex'));
        expect(JSON.parse(r.body).data.order.id).toBe(o.id);
      }
    } finally {
      await hooks.close();
    }
  });

  it('retries a receiver answering 500 a few times', async () => {
    const hooks = await webhookReceiver(() => 500);
    try {
      const k = factory.createApiKey();
      await call('POST', '/v1/webhooks', { url: hooks.url, types: ['order_canceled'] }, k);
      const o = (await call('POST', '/v1/orders', order(), k)).body.result;
      await call('DELETE', `/v1/orders/${o.id}`, undefined, k);
      await vi.waitFor(() => expect(hooks.received).toHaveLength(4));
    } finally {
      await hooks.close();
    }
  });
});
