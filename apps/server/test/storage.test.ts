import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// The smallest valid PNG: a 1×1 transparent pixel.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('blob storage', () => {
  it('stores a file and serves it at /files to its owner with its content type and long-lived private caching', async () => {
    await t.storage.put('materials/1/pixel.png', PNG);
    expect(await t.storage.exists('materials/1/pixel.png')).toBe(true);
    expect(t.storage.url('materials/1/pixel.png')).toBe('/files/materials/1/pixel.png');
    const res = await t.call({ method: 'GET', url: '/files/materials/1/pixel.png', as: 'demo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
  });

  it('answers a missing file with 404 in the envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/files/nope.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(0);
  });

  it('refuses keys that climb out of its directory', async () => {
    await expect(t.storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    expect((await t.call({ method: 'GET', url: '/files/..%2f..%2fapp.db' })).statusCode).toBe(404);
  });

  it('deletes a file', async () => {
    await t.storage.put('tmp/a.txt', Buffer.from('hello'));
    await t.storage.delete('tmp/a.txt');
    expect(await t.storage.exists('tmp/a.txt')).toBe(false);
  });
});
