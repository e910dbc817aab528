import { describe, expect, it } from 'vitest';
import { JsonBytes, okEnvelope, writeTrusted } from '../src/http/route.js';

/** A hot list's body is written around JSON the database made (http/route.ts): same JSON as stringify's. */
describe('trusted response bodies', () => {
  const page = [
    { id: 1, name: '卫衣 "引号"' },
    { id: 2, name: 'Retro' },
  ];
  const body = okEnvelope({ count: 2, list: new JsonBytes(Buffer.from(JSON.stringify(page))) }, 'zh');

  it('writes the envelope around the bytes, giving the JSON of the whole', () => {
    const out = new Uint8Array(4096);
    const n = writeTrusted(body, out);
    expect(n).toBeDefined();
    expect(JSON.parse(Buffer.from(out.subarray(0, n)).toString('utf8'))).toEqual({ code: 1, msg: '成功', data: { count: 2, list: page } });
  });

  it('says when the body does not fit, writing nothing past the end', () => {
    const room = new Uint8Array(40);
    const guarded = new Uint8Array(48).fill(7);
    expect(writeTrusted(body, guarded.subarray(0, room.length))).toBeUndefined();
    expect([...guarded.subarray(40)]).toEqual(Array(8).fill(7));
  });
});
