import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

const image = (w: number, h: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c33' } })
    .toFormat(format)
    .toBuffer();

async function listen(server: http.Server) {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The seller's print files as the factory fetches them: 40×30 PNG and JPEG, a text file, a 50×50 PNG, a 404. */
export async function fileServer() {
  const files: Record<string, Buffer> = {
    '/good.png': await image(40, 30, 'png'),
    '/photo.jpg': await image(40, 30, 'jpeg'),
    '/notes.txt': Buffer.from('not an image'),
    '/wrong.png': await image(50, 50, 'png'),
  };
  const server = http.createServer((req, res) => {
    const body = files[req.url ?? ''];
    res.writeHead(body ? 200 : 404).end(body ?? 'not found');
  });
  return { url: await listen(server), close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
  status: number;
}

/** A webhook receiver answering `answer()` (200 by default) and keeping what it received. */
export async function webhookReceiver(answer: () => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answer();
      received.push({ body: Buffer.concat(chunks).toString(), headers: req.headers, status });
      res.writeHead(status).end();
    });
  });
  return { url: await listen(server), received, close: () => new Promise<void>((r) => server.close(() => r())) };
}
