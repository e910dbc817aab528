import http from 'node:http';
import type net from 'node:net';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

/**
 * A client that closes a download before it is complete (docs/security.md#downloads): the request ends
 * quietly, with no second answer, no 500 and no stack trace in the log.
 */
let t: TestApp;
let port: number;
const logs: { level: number; msg: string; [k: string]: unknown }[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  t = await buildTestApp({ logLevel: 'info', logStream });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

it('GET /api/export/download closed by the client mid-body ends quietly', async () => {
  const owner = await t.db.db.selectFrom('account').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
  // A large finished export, so the answer is still being written when the client goes.
  await t.storage.put('exports/closed-early.xlsx', randomBytes(16 * 1024 * 1024));
  const { id } = await t.db.db
    .insertInto('export_record')
    .values({
      owner_id: owner.id,
      kind: 'exports',
      format: 6,
      store_id: 1,
      store_name: 'Shop',
      template_id: 1,
      template_name: 'T',
      status: 'done',
      size: 16 * 1024 * 1024,
      file_key: 'exports/closed-early.xlsx',
      params: '{}',
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await t.login('demo');
  const url = `/api/export/download?id=${id}`;
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.get({ port, host: '127.0.0.1', path: url, headers: { cookie: `token=${token}` } }, (res) => {
      res.once('data', () => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
    });
    req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
  });
  expect(status).toBe(200);
  await vi.waitFor(() =>
    expect(logs.some((l) => l.msg === 'request completed' && (l.res as { statusCode?: number })?.statusCode === 200)).toBe(true),
  );
  // Anything the close set off has run by now.
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  const loud = logs.filter((l) => l.level >= 40);
  expect(loud.map((l) => l.msg)).toEqual([]);
  expect(JSON.stringify(logs)).not.toMatch(/\n\s+at |statusCode":500|invalid type/);
});
