import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

/**
 * Every answer is the envelope {code, msg, data} (docs/security.md#every-answer-is-the-envelope), also the ones no route writes:
 * what Node's HTTP parser refuses (431, 414, a malformed request), what Fastify's router refuses (a
 * broken %-escape, a path parameter too long), Fastify's own body errors, and /thumbs' 404s. These are
 * sent as raw bytes to a listening server: `inject` never goes through Node's parser.
 */
let app: TestApp;
let port: number;
beforeAll(async () => {
  app = await buildTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `text` on a new connection and reads the answer until the server closes it. */
function raw(text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const at = all.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = all.slice(0, at).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: all.slice(at + 4) });
    });
  });
}

const request = (line: string, headers: string[] = [], body = '') =>
  [line, 'Host: localhost', 'Connection: close', ...headers, ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : [])].join('\r\n') +
  '\r\n\r\n' +
  body;

/** The answer is the failure envelope with `status` and `msg`, its request id in the header too, nothing of a stack. */
function expectEnvelope(res: RawAnswer, status: number, msg: string | RegExp) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.body);
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'request_id']);
  expect(body.code).toBe(0);
  expect(body.data).toBeNull();
  if (typeof msg === 'string') expect(body.msg).toBe(msg);
  else expect(body.msg).toMatch(msg);
  expect(body.request_id).toBe(res.headers['x-request-id']);
  expect(res.body).not.toMatch(/FST_|HPE_|statusCode|\n\s+at |node_modules|\.ts:\d+/);
}

describe('what Node refuses before there is a request', () => {
  it('headers over the limit: 431', async () => {
    expectEnvelope(await raw(request('GET /api/user/info HTTP/1.1', [`X-Big: ${'a'.repeat(20_000)}`])), 431, '请求头过大');
  });

  it('in English when the request asked for it before the overflow', async () => {
    const res = await raw(request('GET /api/user/info HTTP/1.1', ['Accept-Language: en-US', `X-Big: ${'a'.repeat(20_000)}`]));
    expectEnvelope(res, 431, 'The request headers are too large');
  });

  it('an address too long to read: 414', async () => {
    expectEnvelope(await raw(request(`GET /api/finished/getlist?name=${'a'.repeat(20_000)} HTTP/1.1`)), 414, '请求地址过长');
  });

  it('a malformed request: 400', async () => {
    expectEnvelope(await raw('NOT HTTP AT ALL\r\n\r\n'), 400, '请求格式错误');
    expectEnvelope(await raw(request('GET / HTTP/1.1', ['Bad Header: y'])), 400, '请求格式错误');
    // Both lengths at once (request smuggling's shape).
    const smuggle = request('POST /api/user/login HTTP/1.1', ['Content-Length: 5', 'Transfer-Encoding: chunked'], '0\r\n\r\n');
    expectEnvelope(await raw(smuggle), 400, '请求格式错误');
  });
});

describe("what Fastify's router refuses", () => {
  it('a broken %-escape in the path: 400', async () => {
    expectEnvelope(await raw(request('GET /api/%E0%A4%A HTTP/1.1')), 400, '请求地址无效');
  });

  it('a path parameter over the router limit: 414', async () => {
    expectEnvelope(await raw(request(`GET /thumbs/h/${'1'.repeat(200)}/a.png HTTP/1.1`)), 414, '请求地址过长');
  });
});

describe("Fastify's own body errors", () => {
  const json = ['Content-Type: application/json'];
  const cases: [string, string[], string, number, string][] = [
    ['bad JSON', json, '{"username":', 400, '请求内容不是有效的JSON'],
    ['an empty body with a JSON type', [...json, 'Content-Length: 0'], '', 400, '请求内容不是有效的JSON'],
    ['a __proto__ key', json, '{"__proto__":{"admin":1}}', 400, '请求内容不是有效的JSON'],
    ['a type no call takes', ['Content-Type: text/xml'], '<a/>', 415, '不支持的请求内容类型'],
    ['a broken type', ['Content-Type: ;;;'], 'ab', 415, '不支持的请求内容类型'],
    ['a form', ['Content-Type: application/x-www-form-urlencoded'], 'a=b', 415, '不支持的请求内容类型'],
  ];
  for (const [name, headers, body, status, msg] of cases) {
    it(`${name}: ${status}`, async () => {
      expectEnvelope(await raw(request('POST /api/user/login HTTP/1.1', headers, body)), status, msg);
    });
  }
});

describe('/thumbs', () => {
  for (const path of ['/thumbs/h/100/materials/1/nothing.png', '/thumbs/h/7/materials/1/a.png', '/thumbs/h/100/a.txt']) {
    it(`${path}: the 404 envelope`, async () => {
      expectEnvelope(await raw(request(`GET ${path} HTTP/1.1`)), 404, '文件不存在');
    });
  }

  it('a missing file elsewhere says so, not "no such API call"', async () => {
    expectEnvelope(await raw(request('GET /files/materials/1/nothing.png HTTP/1.1')), 404, /^文件不存在/);
  });
});

describe('every refusal carries the security headers (docs/security.md#headers)', () => {
  const refusals: [string, string, number][] = [
    ['a broken %-escape', 'GET /api/%E0%A4%A HTTP/1.1', 400],
    ['an over-long /pub name', `GET /pub/${'a'.repeat(150)}.jpg HTTP/1.1`, 414],
    ['an unknown call', 'GET /api/nothing HTTP/1.1', 404],
    ['a request line Node cannot read', `GET /api/finished/getlist?name=${'a'.repeat(20_000)} HTTP/1.1`, 414],
  ];
  for (const [name, line, status] of refusals) {
    it(`${name}: ${status} with CSP, nosniff, framing and no-store`, async () => {
      const res = await raw(request(line));
      expect(res.status).toBe(status);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
    });
  }
});

describe('the address limit: what fits in Node’s 16 KiB with the headers (docs/security.md#every-answer-is-the-envelope)', () => {
  /** A request line whose address is exactly `length` characters. */
  const lineOf = (length: number) => {
    const start = '/api/nothing?q=';
    return `GET ${start}${'a'.repeat(length - start.length)} HTTP/1.1`;
  };
  it('an address of 12 KB is read (and answered: no such call)', async () => {
    expectEnvelope(await raw(request(lineOf(12_000))), 404, /^接口不存在/);
    expectEnvelope(await raw(request(lineOf(16_000))), 404, /^接口不存在/);
  });
  it('one that does not fit with the headers in 16 KiB is 414', async () => {
    expectEnvelope(await raw(request(lineOf(16_384))), 414, '请求地址过长');
  });
});
