import http from 'node:http';
import type net from 'node:net';
import { expect, it, vi } from 'vitest';
import { routes } from '@app/contract';
import { buildTestApp } from './helper.js';

/**
 * Shutting down (docs/security.md#shutdown): a request in flight when the server closes is answered, and its
 * connection is ended once answered, though the client would keep it alive (as fetch does, for as long as our
 * keep-alive hint says: 72 s). The close waits for the answer only.
 */
it('a close waits for the request in flight, then ends its kept-alive connection', async () => {
  const t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as net.AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 600_000 });
  const body = JSON.stringify({ username: 'demo', password: 'demo1234' });
  // A login whose body is half sent: in flight when the close begins.
  let status = 0;
  let socketClosed = false;
  const arrived = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
  let finish = () => {};
  const answered = new Promise<void>((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: routes.login.path,
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        status = res.statusCode ?? 0;
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('socket', (s) => s.on('close', () => (socketClosed = true)));
    req.on('error', reject);
    req.write(body.slice(0, 10));
    finish = () => req.end(body.slice(10));
  });
  await arrived;
  const closing = t.close();
  finish();
  await answered;
  await closing;
  expect(status).toBe(200);
  await vi.waitFor(() => expect(socketClosed).toBe(true));
  agent.destroy();
});
