import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, priceFor, routes, type BodyOf, type MessageKey, type QueryOf } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';

/** Pricing templates (/price_template/*; docs/pricing-templates.md; docs/domain.md#accounts-and-scope). */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  // Another family, to prove its ids answer like missing ones.
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
});
afterAll(async () => {
  await app.close();
});

type AddBody = BodyOf<typeof routes.priceTemplateAdd>;
/** The worked example of docs/pricing-templates.md#rounding as a template. */
const worked = (over: Partial<AddBody> = {}): AddBody => ({
  name: 'US 服装',
  platform_type: 1,
  currency_code: 'USD',
  shipping: 45,
  exchange_rate: 7.2,
  margin: 0.2,
  platform_fee: 0.08,
  discount: 0.3,
  rounding: 'cent',
  crossed_out_rounding: '99',
  ...over,
});

const add = async (as: string, body: AddBody) => {
  const res = await app.api(routes.priceTemplateAdd, { as, body });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};

/** A refusal: its status and the catalogue message in the caller's language. */
const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};

const countRows = async () =>
  Number(
    (
      await app.db.db
        .selectFrom('price_template')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('pricing templates', () => {
  it('adds a template, reads it back exactly, and prices the worked example with it (15.43, 22.99)', async () => {
    const t = await add('demo-a', worked({ name: '  US 服装  ', exchange_rate: '7.2' as never }));
    expect(t).toMatchObject({
      name: 'US 服装',
      platform_type: 1,
      currency_code: 'USD',
      shipping: 45,
      exchange_rate: 7.2,
      margin: 0.2,
      platform_fee: 0.08,
      tax_rate: 0,
      discount: 0.3,
      rounding: 'cent',
      crossed_out_rounding: '99',
      username: 'demo-a',
      createtime: Math.floor(app.clock.now / 1000),
    });
    // Stored as the decimal text sent, not a float's expansion.
    const row = await app.db.db.selectFrom('price_template').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow();
    expect([row.shipping, row.exchange_rate, row.margin, row.platform_fee, row.discount]).toEqual(['45', '7.2', '0.2', '0.08', '0.3']);
    // The export's entry point: the stored template priced through the shared formula.
    const caller = await app.accounts.resolver.resolveAccount(t.owner_id);
    if (!caller || caller === 'disabled') throw new Error('no caller');
    const us = { platform: 1, currency: 'USD' };
    const pricing = await app.priceTemplates.forPricing(caller, t.id, us);
    expect(priceFor(pricing.template, 35, { rules: pricing.rules })).toEqual({ price: 15.43, crossedOut: 22.99 });
    // Template 0 is built in: the marketplace's default at today's rate (docs/pricing-templates.md#template-0).
    expect((await app.priceTemplates.forPricing(caller, 0, us)).template).toMatchObject({ currency_code: 'USD', exchange_rate: 7.18 });
    // GET update?id answers the same template.
    expect((await app.api(routes.priceTemplateGet, { as: 'demo-a', query: { id: t.id } })).data).toEqual(t);
  });

  it('defaults: shipping, tax and discount 0, rounding to the cent, crossed-out rounding as the price', async () => {
    const t = await add('demo-b', {
      name: 'defaults',
      platform_type: 2,
      exchange_rate: 1,
      margin: 0.1,
      platform_fee: 0.05,
      rounding: '99',
    });
    expect(t).toMatchObject({ currency_code: 'USD', shipping: 0, tax_rate: 0, discount: 0, rounding: '99', crossed_out_rounding: '99' });
  });

  it('refuses each invalid field with its own message, and writes nothing', async () => {
    const before = await countRows();
    const cases: [Partial<AddBody>, MessageKey, Record<string, string | number>?][] = [
      [{ name: '   ' }, 'priceTemplateNameRequired'],
      [{ name: '名'.repeat(51) }, 'priceTemplateNameTooLong', { max: 50 }],
      [{ platform_type: 4 }, 'priceTemplatePlatformType'],
      [{ currency_code: 'CHF' }, 'priceTemplateCurrency'],
      [{ rounding: 'up' }, 'priceTemplateRounding'],
      [{ crossed_out_rounding: 'down' }, 'priceTemplateRounding'],
      [{ shipping: -1 }, 'priceTemplateShipping'],
      [{ shipping: 0.001 }, 'priceTemplateShipping'],
      [{ exchange_rate: 0 }, 'priceTemplateExchangeRate'],
      [{ margin: 1 }, 'priceTemplateFraction', { field: 'margin' }],
      [{ platform_fee: -0.1 }, 'priceTemplateFraction', { field: 'platform_fee' }],
      [{ tax_rate: 10 }, 'priceTemplateFraction', { field: 'tax_rate' }],
      [{ discount: 1 }, 'priceTemplateFraction', { field: 'discount' }],
      [{ margin: 0.7, platform_fee: 0.3 }, 'priceTemplateMarginFee'],
    ];
    for (const [over, key, params] of cases) {
      refused(await app.api(routes.priceTemplateAdd, { as: 'demo-a', body: worked({ name: 'bad', ...over }) }), 400, key, params);
    }
    // The message follows the caller's language.
    const en = await app.api(routes.priceTemplateAdd, {
      as: 'demo-a',
      body: worked({ name: 'bad', margin: 0.7, platform_fee: 0.3 }),
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('Margin plus platform fee must be less than 1');
    // Numbers are numbers (num()): text that is no number is refused before the rules.
    expect((await app.api(routes.priceTemplateAdd, { as: 'demo-a', body: worked({ margin: true as never }) })).status).toBe(400);
    expect(await countRows()).toBe(before);
  });

  it('a name is unique per account, not across accounts', async () => {
    await add('demo', worked({ name: 'Same' }));
    refused(await app.api(routes.priceTemplateAdd, { as: 'demo', body: worked({ name: ' Same ' }) }), 409, 'priceTemplateNameTaken');
    await add('demo-b', worked({ name: 'Same' }));
    await add('rival', worked({ name: 'Same' }));
  });

  it('updates the fields sent, validates the result, and keeps names unique', async () => {
    const t = await add('demo-a', worked({ name: 'to edit' }));
    await add('demo-a', worked({ name: 'taken' }));
    const res = await app.api(routes.priceTemplateUpdate, { as: 'demo-a', body: { id: t.id, rounding: '99', tax_rate: 0.1 } });
    expect(res.data).toMatchObject({ id: t.id, name: 'to edit', rounding: '99', tax_rate: 0.1, margin: 0.2, crossed_out_rounding: '99' });
    // Valid alone, invalid with the stored margin: 0.2 + 0.8 ≥ 1.
    refused(
      await app.api(routes.priceTemplateUpdate, { as: 'demo-a', body: { id: t.id, platform_fee: 0.8 } }),
      400,
      'priceTemplateMarginFee',
    );
    refused(await app.api(routes.priceTemplateUpdate, { as: 'demo-a', body: { id: t.id, name: 'taken' } }), 409, 'priceTemplateNameTaken');
    refused(await app.api(routes.priceTemplateUpdate, { as: 'demo-a', body: { id: t.id, name: '' } }), 400, 'priceTemplateNameRequired');
    // A parent edits its sub-account's template; the row stays the sub-account's.
    const byParent = await app.api(routes.priceTemplateUpdate, { as: 'demo', body: { id: t.id, name: 'renamed by parent' } });
    expect(byParent.data).toMatchObject({ name: 'renamed by parent', username: 'demo-a' });
    expect((await app.api(routes.priceTemplateGet, { as: 'demo-a', query: { id: t.id } })).data).toMatchObject({
      name: 'renamed by parent',
      rounding: '99',
      tax_rate: 0.1,
    });
  });

  it("another family's id, a sibling's id and a missing id all answer 404 on every id-taking call, changing nothing", async () => {
    const mine = await add('demo-a', worked({ name: 'private' }));
    for (const as of ['rival', 'demo-b']) {
      refused(await app.api(routes.priceTemplateGet, { as, query: { id: mine.id } }), 404, 'priceTemplateNotFound');
      refused(await app.api(routes.priceTemplateUpdate, { as, body: { id: mine.id, name: 'stolen' } }), 404, 'priceTemplateNotFound');
      refused(await app.api(routes.priceTemplateDel, { as, body: { ids: String(mine.id) } }), 404, 'priceTemplateNotFound');
    }
    refused(await app.api(routes.priceTemplateUpdate, { as: 'demo-a', body: { id: 999_999, name: 'x' } }), 404, 'priceTemplateNotFound');
    refused(await app.api(routes.priceTemplateDel, { as: 'demo-a', body: { ids: '999999' } }), 404, 'priceTemplateNotFound');
    const rivalCaller = await app.accounts.resolver.resolveAccount(
      (await app.call({ method: 'GET', url: '/api/user/info', as: 'rival' })).json().data.id,
    );
    if (!rivalCaller || rivalCaller === 'disabled') throw new Error('no caller');
    await expect(app.priceTemplates.forPricing(rivalCaller, mine.id, { platform: 1, currency: 'USD' })).rejects.toMatchObject({
      status: 404,
    });
    expect((await app.api(routes.priceTemplateGet, { as: 'demo-a', query: { id: mine.id } })).data.name).toBe('private');
  });

  it('deletes all or nothing', async () => {
    const a = await add('demo-b', worked({ name: 'del a' }));
    const b = await add('demo-b', worked({ name: 'del b' }));
    const rivals = await add('rival', worked({ name: 'del r' }));
    refused(await app.api(routes.priceTemplateDel, { as: 'demo-b', body: { ids: `${a.id},${rivals.id}` } }), 404, 'priceTemplateNotFound');
    expect((await app.api(routes.priceTemplateGet, { as: 'demo-b', query: { id: a.id } })).status).toBe(200);
    expect((await app.api(routes.priceTemplateDel, { as: 'demo-b', body: { ids: `${a.id},${b.id}` } })).data).toEqual({ deleted: 2 });
    expect((await app.api(routes.priceTemplateGet, { as: 'demo-b', query: { id: a.id } })).status).toBe(404);
    // A parent deletes its sub-account's.
    const c = await add('demo-b', worked({ name: 'del c' }));
    expect((await app.api(routes.priceTemplateDel, { as: 'demo', body: { ids: String(c.id) } })).data).toEqual({ deleted: 1 });
  });
});

describe('the template list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
    const mk = async (as: string, name: string, platform_type: number) =>
      expect((await t.api(routes.priceTemplateAdd, { as, body: worked({ name, platform_type }) })).body.code).toBe(1);
    await mk('demo', 'Parent US', 1);
    await mk('demo-a', 'A shirts 100%_off', 1);
    await mk('demo-a', 'A mugs', 2);
    await mk('demo-b', 'B shirts', 1);
    await mk('rival', 'Rival shirts', 1);
  });

  afterAll(async () => {
    await t.close();
  });
  const names = async (as: string, query: QueryOf<typeof routes.priceTemplateList>) =>
    (await t.api(routes.priceTemplateList, { as, query })).data;

  it("a parent sees its sub-accounts' templates with their usernames, newest first; a sub-account only its own", async () => {
    const parent = await names('demo', {});
    expect(parent.count).toBe(4);
    expect(parent.list.map((r) => [r.name, r.username])).toEqual([
      ['B shirts', 'demo-b'],
      ['A mugs', 'demo-a'],
      ['A shirts 100%_off', 'demo-a'],
      ['Parent US', 'demo'],
    ]);
    expect((await names('demo-a', {})).list.map((r) => r.name)).toEqual(['A mugs', 'A shirts 100%_off']);
    expect((await names('rival', {})).list.map((r) => r.name)).toEqual(['Rival shirts']);
  });

  it('filters by platform type, part of the name (any case, % and _ literal) and username within the scope', async () => {
    expect((await names('demo', { platform_type: 2 })).list.map((r) => r.name)).toEqual(['A mugs']);
    expect((await names('demo', { name: 'SHIRTS' })).list.map((r) => r.name)).toEqual(['B shirts', 'A shirts 100%_off']);
    expect((await names('demo', { name: '%_' })).list.map((r) => r.name)).toEqual(['A shirts 100%_off']);
    expect((await names('demo', { name: '_' })).count).toBe(1);
    expect((await names('demo', { username: 'demo-a' })).list.map((r) => r.name)).toEqual(['A mugs', 'A shirts 100%_off']);
    expect((await names('demo', { username: 'demo-a', platform_type: 1 })).count).toBe(1);
    // Another family's username finds nothing (never its rows); so does a sibling's for a sub-account.
    expect(await names('demo', { username: 'rival' })).toEqual({ count: 0, list: [] });
    expect(await names('demo-a', { username: 'demo-b' })).toEqual({ count: 0, list: [] });
  });

  it('offers a shop the templates that fit its marketplace: its own type, and for Walmart and TikTok Shop the first types 1 and 2 too', async () => {
    for (const [name, platform_type] of [
      ['Walmart tees', 3],
      ['TikTok mugs', 15],
    ] as const)
      expect((await t.api(routes.priceTemplateAdd, { as: 'demo', body: worked({ name, platform_type }) })).body.code).toBe(1);
    const fit = async (p: number) => (await names('demo', { for_platform: p })).list.map((r) => r.name);
    expect(await fit(1)).toEqual(['B shirts', 'A shirts 100%_off', 'Parent US']);
    expect(await fit(2)).toEqual(['A mugs']);
    expect(await fit(3)).toEqual(['Walmart tees', 'B shirts', 'A mugs', 'A shirts 100%_off', 'Parent US']);
    expect(await fit(15)).toEqual(['TikTok mugs', 'B shirts', 'A mugs', 'A shirts 100%_off', 'Parent US']);
    // A marketplace no template names: every template.
    expect((await names('demo', { for_platform: 99 })).count).toBe(6);
    expect(await names('rival', { for_platform: 15 })).toEqual(expect.objectContaining({ count: 1 }));
    // Cleaned up for the tests after, which count the family's templates.
    const mine = (await names('demo', { for_platform: 99 })).list.filter((r) => r.platform_type > 2);
    expect((await t.api(routes.priceTemplateDel, { as: 'demo', body: { ids: mine.map((r) => r.id).join(',') } })).body.code).toBe(1);
  });

  it('pages, with pageSize capped at 100', async () => {
    const page2 = await names('demo', { pageNumber: 2, pageSize: 3 });
    expect(page2.count).toBe(4);
    expect(page2.list.map((r) => r.name)).toEqual(['Parent US']);
    expect((await t.api(routes.priceTemplateList, { as: 'demo', query: { pageSize: 100 } })).status).toBe(200);
    const over = await t.api(routes.priceTemplateList, { as: 'demo', query: { pageSize: 101 } });
    expect(over.status).toBe(400);
    expect(over.body.msg).toContain('pageSize');
    expect((await t.api(routes.priceTemplateList, { as: 'demo', query: { pageNumber: 0 } })).status).toBe(400);
  });

  it('needs a login', async () => {
    expect((await t.api(routes.priceTemplateList, {})).status).toBe(401);
    expect((await t.api(routes.priceTemplateAdd, { body: worked() })).status).toBe(401);
  });
});
