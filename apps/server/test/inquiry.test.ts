import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INQUIRY_COMPANY_MAX,
  INQUIRY_MESSAGE_MAX,
  INQUIRY_NAME_MAX,
  inquiryContactKind,
  normalInquiryContact,
  routes,
  type InquiryAddBody,
} from '@app/contract';
import { INQUIRY_DUPLICATE_SECONDS } from '../src/modules/inquiries/index.js';
import { buildTestApp, type TestApp } from './helper.js';

/**
 * Inquiries from the independent-deployment page (docs/mobile.md#inquiries): what the form may send, what is stored,
 * a duplicate answered as already received, the limit per address, and what `npm run inquiry -- list` reads.
 */

let t: TestApp;
const seconds = () => Math.floor(t.clock.now / 1000);

/**
 * Every request counts against its address's limit, the refused ones too: each call comes from an address of its own
 * unless told, so that only the test of the limit meets it.
 */
let addresses = 0;
const freshAddress = () => {
  addresses++;
  return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const send = (
  body: Record<string, unknown>,
  opts: { address?: string; as?: string; lang?: 'zh' | 'en'; headers?: Record<string, string> } = {},
) =>
  t.call({
    method: 'POST',
    url: routes.inquiryAdd.path,
    payload: body,
    remoteAddress: opts.address ?? freshAddress(),
    ...(opts.as ? { as: opts.as } : {}),
    headers: { ...(opts.lang ? { 'accept-language': opts.lang } : {}), ...opts.headers },
  });

let serial = 0;
/** A valid inquiry, each with a message of its own (so none is a duplicate of another unless meant to be). */
const valid = (over: Partial<InquiryAddBody> = {}): InquiryAddBody => ({
  name: '王经理',
  company: '杭州某服饰有限公司',
  contact: '13800138000',
  scale: 2,
  message: `我们想了解独立部署的价格（第 ${++serial} 次）`,
  ...over,
});

const stored = (id: number) => t.db.db.selectFrom('inquiry').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const count = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('inquiry')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const accountId = async (username: string) =>
  Number((await t.db.db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('sending an inquiry', () => {
  it('stores it with its texts trimmed, the address and the time, and answers its id (logged out)', async () => {
    const res = await send(
      {
        name: '  王经理 ',
        company: ' 杭州某服饰有限公司  ',
        contact: ' 138 0013 8000 ',
        scale: '3',
        message: '\n 想了解独立部署：\n价格和交付周期。 \n',
      },
      { address: '203.0.113.7' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data;
    expect(res.json()).toMatchObject({ code: 1, data: { id: expect.any(Number) } });
    expect(await stored(id)).toEqual({
      id,
      name: '王经理',
      company: '杭州某服饰有限公司',
      contact: '13800138000',
      scale: 3,
      message: '想了解独立部署：\n价格和交付周期。',
      account_id: null,
      address: '203.0.113.7',
      created_at: seconds(),
    });
  });

  it('takes the optional fields left out, and an empty company as none', async () => {
    const { company: _c, scale: _s, ...required } = valid();
    const a = await send(required);
    expect(a.statusCode, a.body).toBe(200);
    expect(await stored(a.json().data.id)).toMatchObject({ company: null, scale: null });
    const b = await send(valid({ company: '   ' }));
    expect(b.statusCode, b.body).toBe(200);
    expect(await stored(b.json().data.id)).toMatchObject({ company: null, scale: 2 });
  });

  it('records the account of the session it is sent with; an ended session is a visitor, not a 401', async () => {
    const mine = await send(valid(), { as: 'demo' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await stored(mine.json().data.id)).account_id).toBe(await accountId('demo'));
    // A sub-account is itself, not its parent.
    const sub = await send(valid(), { as: 'demo-a' });
    expect((await stored(sub.json().data.id)).account_id).toBe(await accountId('demo-a'));
    const ended = await send(valid(), { headers: { cookie: 'token=not-a-session' } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await stored(ended.json().data.id)).account_id).toBeNull();
  });

  it('takes mobile and other phone numbers and email addresses, stored in one form', async () => {
    const cases: [string, string][] = [
      ['13912345678', '13912345678'],
      ['139-1234-5678', '13912345678'],
      ['+86 139 1234 5678', '+8613912345678'],
      ['+44 20 7946 0958', '+442079460958'],
      ['020-8888-6666', '02088886666'],
      ['1234567', '1234567'],
      ['Sales@Example.COM', 'sales@example.com'],
    ];
    for (const [contact, kept] of cases) {
      const res = await send(valid({ contact }));
      expect(res.statusCode, `${contact}: ${res.body}`).toBe(200);
      expect((await stored(res.json().data.id)).contact, contact).toBe(kept);
    }
  });

  it('is refused from another site’s page', async () => {
    const before = await count();
    const res = await send(valid(), { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('what a contact is', () => {
  it('a mainland mobile, another number of 7–20 digits with + spaces and dashes, or an email', () => {
    expect(inquiryContactKind('13800138000')).toBe('mobile');
    expect(inquiryContactKind('+86 138 0013 8000')).toBe('phone');
    expect(inquiryContactKind('12345678901')).toBe('phone');
    expect(inquiryContactKind('1'.repeat(20))).toBe('phone');
    expect(inquiryContactKind('a.b+c@mail.example.cn')).toBe('email');
    for (const no of [
      '123456',
      '1'.repeat(21),
      '138 0013 800a',
      '(010) 1234 5678',
      '++8613800138000',
      '86+13800138000',
      '---',
      'a@b',
      'a b@c.com',
      'wechat: abc',
    ])
      expect(inquiryContactKind(no), no).toBeUndefined();
    expect(normalInquiryContact('+1 415-555-0100')).toBe('+14155550100');
    expect(normalInquiryContact('nobody')).toBeUndefined();
  });
});

describe('a refused inquiry', () => {
  /** The refusal's message, in `lang`; nothing is stored. */
  const refused = async (body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => {
    const before = await count();
    const res = await send(body, { lang });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 0, data: null });
    expect(await count()).toBe(before);
    return res.json().msg as string;
  };
  const without = (field: keyof InquiryAddBody) => {
    const body: Record<string, unknown> = { ...valid() };
    delete body[field];
    return body;
  };

  it('names the field, in Chinese and in English', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [without('name'), '参数错误: 缺少必填项：name', 'Invalid parameters: name is required'],
      [valid({ name: '   ' }), '参数错误: name 不能为空', 'Invalid parameters: name cannot be empty'],
      [
        valid({ name: '名'.repeat(INQUIRY_NAME_MAX + 1) }),
        `参数错误: name 最多${INQUIRY_NAME_MAX}个字符`,
        `Invalid parameters: name can hold at most ${INQUIRY_NAME_MAX} characters`,
      ],
      [
        valid({ company: '司'.repeat(INQUIRY_COMPANY_MAX + 1) }),
        `参数错误: company 最多${INQUIRY_COMPANY_MAX}个字符`,
        `Invalid parameters: company can hold at most ${INQUIRY_COMPANY_MAX} characters`,
      ],
      [without('contact'), '参数错误: 缺少必填项：contact', 'Invalid parameters: contact is required'],
      [valid({ contact: ' ' }), '参数错误: contact 不能为空', 'Invalid parameters: contact cannot be empty'],
      [
        valid({ contact: 'wechat: wang123' }),
        '参数错误: contact 须为手机号（如 13800138000）、电话号码（7–20 位数字，可带 +、空格或 -）或邮箱地址',
        'Invalid parameters: contact must be a mobile number (such as 13800138000), a phone number (7–20 digits, with +, spaces or dashes) or an email address',
      ],
      [valid({ scale: 4 as never }), '参数错误: scale 须为以下之一：1、2、3', 'Invalid parameters: scale must be one of 1, 2, 3'],
      [valid({ scale: 'many' as never }), '参数错误: scale 须为数字', 'Invalid parameters: scale must be a number'],
      [without('message'), '参数错误: 缺少必填项：message', 'Invalid parameters: message is required'],
      [valid({ message: ' \n ' }), '参数错误: message 不能为空', 'Invalid parameters: message cannot be empty'],
      [
        valid({ message: '字'.repeat(INQUIRY_MESSAGE_MAX + 1) }),
        `参数错误: message 最多${INQUIRY_MESSAGE_MAX}个字符`,
        `Invalid parameters: message can hold at most ${INQUIRY_MESSAGE_MAX} characters`,
      ],
      [{ ...valid(), phone: '1' }, '参数错误: 不支持的字段：phone', 'Invalid parameters: Unknown fields: phone'],
    ];
    for (const [body, zh, en] of cases) {
      expect(await refused(body, 'zh')).toBe(zh);
      expect(await refused(body, 'en')).toBe(en);
    }
  });

  it('refuses every bad contact form, and a name holding control characters', async () => {
    for (const contact of ['123456', '1'.repeat(21), 'a@b', 'someone@', '138 0013 800a'])
      expect(await refused(valid({ contact }))).toMatch(/^参数错误: contact 须为手机号/);
    expect(await refused(valid({ name: 'Wang\u202e' }))).toMatch(/^参数错误: name: 不能包含控制字符/);
  });

  it('takes the texts at their limits exactly', async () => {
    const res = await send(
      valid({ name: '名'.repeat(INQUIRY_NAME_MAX), company: '司'.repeat(INQUIRY_COMPANY_MAX), message: '字'.repeat(INQUIRY_MESSAGE_MAX) }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a duplicate', () => {
  it('(the same contact and message within the hour) answers the first one’s id and stores nothing', async () => {
    const body = valid({ contact: '+44 20 7946 0000', message: '同一条咨询' });
    const first = await send(body);
    expect(first.statusCode, first.body).toBe(200);
    const { id } = first.json().data;
    const before = await count();
    const row = await stored(id);

    t.clock.advance(30 * 60 * 1000);
    // The same contact written otherwise, from another address, logged in, with other details: already received.
    const again = await send({ ...body, contact: '+442079460000', name: '王', company: '另一家', scale: 1 }, { as: 'demo' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ id });
    expect(await count()).toBe(before);
    expect(await stored(id)).toEqual(row);

    // Another message from the same contact is a new inquiry.
    const other = await send({ ...body, message: '另一条咨询' });
    expect(other.json().data.id).not.toBe(id);

    // An hour after the first, the same one is new again.
    t.clock.advance(INQUIRY_DUPLICATE_SECONDS * 1000 - 30 * 60 * 1000 + 1000);
    const later = await send(body);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.id).not.toBe(id);
  });

  it('sent twice at once is stored once', async () => {
    const body = valid({ contact: 'twice@example.com' });
    const before = await count();
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await count()).toBe(before + 1);
    // And as the service is asked, many at once (on PostgreSQL each on a connection of its own).
    const input = { ...valid({ contact: 'many@example.com' }), scale: 1 as const };
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.inquiries.add(input, { accountId: undefined, address: `10.30.0.${i + 1}` })),
    );
    expect(new Set(ids.map((r) => r.id)).size).toBe(1);
    expect(ids.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await count()).toBe(before + 2);
  });
});

describe('the limit per address', () => {
  it('refuses the 6th inquiry in an hour from one address with 429, saying when to try again; another address goes on', async () => {
    const { max, windowMs } = t.config.addressLimits.inquiry;
    expect({ max, windowMs }).toEqual({ max: 5, windowMs: 60 * 60 * 1000 });
    const A = '198.51.100.10';
    for (let i = 0; i < max; i++) expect((await send(valid(), { address: A })).statusCode).toBe(200);
    const before = await count();
    const sixth = await send(valid(), { address: A });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 0, data: null });
    expect(sixth.json().msg).toMatch(/^提交过于频繁：同一地址每小时最多提交 5 条咨询，请\d+秒后再试$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3500);
    const en = await send(valid(), { address: A, lang: 'en' });
    expect(en.statusCode).toBe(429);
    expect(en.json().msg).toMatch(/^Too many inquiries: at most 5 an hour from one address; try again in \d+ seconds$/);
    // Logging in does not lift it: it is the address's.
    expect((await send(valid(), { address: A, as: 'demo' })).statusCode).toBe(429);
    expect(await count()).toBe(before);
    // Another address is not held back by A.
    expect((await send(valid(), { address: '198.51.100.11' })).statusCode).toBe(200);
  });
});

describe('what `npm run inquiry -- list` reads', () => {
  it('the newest first, at most the limit asked', async () => {
    t.clock.advance(60_000);
    const newest = (await send(valid({ name: '最新的' }))).json().data.id;
    const latest = await t.inquiries.latest(3);
    expect(latest).toHaveLength(3);
    expect(latest[0]).toMatchObject({ id: newest, name: '最新的', created_at: seconds(), account_id: null });
    const order = (await t.inquiries.latest(1000)).map((q) => [q.created_at, q.id] as const);
    expect(order.length).toBe(await count());
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
  });
});
