import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, routes, type BodyOf, type MessageKey } from '@app/contract';
import { createExchangeRates, createPriceTemplateRepo, createPriceTemplateService } from '../src/modules/priceTemplates/index.js';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';

/** Price rules (/price_rules/*; docs/listing-tools.md#price-rules) and the rates template 0 converts at. */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  // Another family, to prove its ids answer like missing ones.
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
});
afterAll(async () => {
  await app.close();
});

type RuleBody = BodyOf<typeof routes.priceRuleAdd>;
const rule = (over: Partial<RuleBody> = {}): RuleBody => ({
  name: '大码加价',
  action: 'add',
  unit: 'amount',
  value: 2,
  sizes: ['XXL'],
  ...over,
});
const addRule = async (as: string, body: RuleBody) => {
  const res = await app.api(routes.priceRuleAdd, { as, body });
  expect(res.body.code, res.text).toBe(1);
  return res.data;
};
/** The worked example of docs/pricing-templates.md as a template, with rules. */
const addTemplate = (as: string, name: string, rule_ids: number[] = []) =>
  app.api(routes.priceTemplateAdd, {
    as,
    body: { name, platform_type: 15, shipping: 45, exchange_rate: 7.2, margin: 0.2, platform_fee: 0.08, rule_ids },
  });

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};
const countRules = async () =>
  Number(
    (
      await app.db.db
        .selectFrom('price_rule')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('exchange rates', () => {
  it('answers the rates in effect with the day each is valid from, seeded from the shipped file', async () => {
    const res = await app.api(routes.priceTemplateRates, { as: 'demo-a' });
    expect(res.data.list).toContainEqual({ currency: 'USD', cny_per_unit: 7.18, valid_from: '2025-07-01' });
    expect(res.data.list.map((r) => r.currency).sort()).toEqual(['AUD', 'CAD', 'EUR', 'GBP', 'JPY', 'MXN', 'USD']);
    expect((await app.api(routes.priceTemplateRates, {})).status).toBe(401);
  });

  it('a newer rate takes over on its day, and template 0 converts at it', async () => {
    const rates = createExchangeRates(app.db.db, () => app.clock.now);
    await rates.set([
      { currency: 'USD', cny_per_unit: '7.25', valid_from: '2026-10-31' },
      { currency: 'USD', cny_per_unit: '9.99', valid_from: '2099-01-01' },
    ]);
    const usd = (await app.api(routes.priceTemplateRates, { as: 'demo' })).data.list.find((r) => r.currency === 'USD');
    expect(usd).toEqual({ currency: 'USD', cny_per_unit: 7.25, valid_from: '2026-10-31' });
    const pv = await app.api(routes.priceRulePreview, { as: 'demo', body: { pricing_template_id: 0, cost: 29, platform_type: 15 } });
    // A ¥29 mug on TikTok Shop: 29 / 7.25 / (1 − 0.30 − 0.08) = 6.45 → 6.99 USD, not 29.00.
    expect(pv.data).toMatchObject({ currency: 'USD', price: 6.99, crossedOut: null });
    await rates.set([{ currency: 'USD', cny_per_unit: '7.18', valid_from: '2026-10-31' }]);
  });
});

describe('price rules', () => {
  it('adds a rule and reads it back exactly: lists trimmed and once, bounds as sent', async () => {
    const r = await addRule(
      'demo-a',
      rule({
        name: ' 黑色大码 ',
        sizes: [' XXL ', 'XXL', '3XL'],
        colors: ['黑色'],
        unit: 'percent',
        value: 12.5,
        price_min: 10,
        price_max: 99.99,
      }),
    );
    expect(r).toMatchObject({
      name: '黑色大码',
      action: 'add',
      unit: 'percent',
      value: 12.5,
      sizes: ['XXL', '3XL'],
      colors: ['黑色'],
      category_ids: [],
      price_min: 10,
      price_max: 99.99,
      username: 'demo-a',
    });
    const row = await app.db.db.selectFrom('price_rule').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect([row.value, row.price_max]).toEqual(['12.5', '99.99']);
  });

  it('refuses each invalid field with its own message, and writes nothing', async () => {
    const before = await countRules();
    const cases: [Partial<RuleBody>, MessageKey, Record<string, string | number>?][] = [
      [{ name: ' ' }, 'priceRuleNameRequired'],
      [{ name: '名'.repeat(51) }, 'priceRuleNameTooLong', { max: 50 }],
      [{ action: 'times' }, 'priceRuleAction'],
      [{ unit: 'points' }, 'priceRuleUnit'],
      [{ value: 0 }, 'priceRuleValue'],
      [{ value: 1.005 }, 'priceRuleValue'],
      [{ unit: 'percent', action: 'subtract', value: 100 }, 'priceRuleSubtractPercent'],
      [{ sizes: [''] }, 'priceRuleListItem', { field: 'sizes', max: 50 }],
      [{ price_min: 20, price_max: 10 }, 'priceRuleRange'],
      [{ category_ids: [987654] }, 'priceRuleCategory', { id: 987654 }],
    ];
    for (const [over, key, params] of cases)
      refused(await app.api(routes.priceRuleAdd, { as: 'demo-a', body: rule({ name: 'bad', ...over }) }), 400, key, params);
    const en = await app.api(routes.priceRuleAdd, {
      as: 'demo-a',
      body: rule({ name: 'bad', value: -1 }),
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe(message('priceRuleValue', 'en'));
    // The contract's own checks: a number that is no number, an unknown field.
    expect((await app.api(routes.priceRuleAdd, { as: 'demo-a', body: rule({ value: true as never }) })).status).toBe(400);
    expect((await app.api(routes.priceRuleAdd, { as: 'demo-a', body: { ...rule(), extra: 1 } as never })).status).toBe(400);
    expect(await countRules()).toBe(before);
  });

  it('a name is unique per account; update changes the fields sent, checks the whole, a parent edits its sub-account’s', async () => {
    const r = await addRule('demo-b', rule({ name: 'once' }));
    await addRule('demo-b', rule({ name: 'taken' }));
    refused(await app.api(routes.priceRuleAdd, { as: 'demo-b', body: rule({ name: 'once' }) }), 409, 'priceRuleNameTaken');
    await addRule('rival', rule({ name: 'once' }));
    const up = await app.api(routes.priceRuleUpdate, { as: 'demo-b', body: { id: r.id, unit: 'percent', value: 5, price_max: 50 } });
    expect(up.data).toMatchObject({ name: 'once', unit: 'percent', value: 5, sizes: ['XXL'], price_max: 50 });
    refused(await app.api(routes.priceRuleUpdate, { as: 'demo-b', body: { id: r.id, price_min: 60 } }), 400, 'priceRuleRange');
    refused(await app.api(routes.priceRuleUpdate, { as: 'demo-b', body: { id: r.id, name: 'taken' } }), 409, 'priceRuleNameTaken');
    const byParent = await app.api(routes.priceRuleUpdate, { as: 'demo', body: { id: r.id, price_max: null } });
    expect(byParent.data).toMatchObject({ price_max: null, username: 'demo-b' });
  });

  it("another family's id, a sibling's and a missing one answer 404 on every id-taking call, changing nothing", async () => {
    const mine = await addRule('demo-a', rule({ name: 'private' }));
    for (const as of ['rival', 'demo-b']) {
      refused(await app.api(routes.priceRuleUpdate, { as, body: { id: mine.id, name: 'stolen' } }), 404, 'priceRuleNotFound');
      refused(await app.api(routes.priceRuleDel, { as, body: { ids: String(mine.id) } }), 404, 'priceRuleNotFound');
      refused(
        await app.api(routes.priceRulePreview, { as, body: { pricing_template_id: 0, cost: 29, rule_ids: [mine.id] } }),
        404,
        'priceRuleNotFound',
      );
      // Nor can another family's template chain it.
      refused(await addTemplate(as, `steal ${as}`, [mine.id]), 404, 'priceTemplateRuleNotFound', { id: mine.id });
    }
    refused(await app.api(routes.priceRuleUpdate, { as: 'demo-a', body: { id: 999_999, name: 'x' } }), 404, 'priceRuleNotFound');
    const list = await app.api(routes.priceRuleList, { as: 'rival' });
    expect(list.data.list.map((r) => r.id)).not.toContain(mine.id);
    expect((await app.api(routes.priceRuleList, { as: 'demo' })).data.list.map((r) => r.id)).toContain(mine.id);
  });

  it('a template chains its own rules in order: each once, of its own account; a used rule is not deleted', async () => {
    const big = await addRule('demo-a', rule({ name: 'chain XXL +2' }));
    const black = await addRule('demo-a', rule({ name: 'chain 黑色 +10%', sizes: [], colors: ['黑色'], unit: 'percent', value: 10 }));
    refused(await addTemplate('demo-a', 'twice', [big.id, big.id]), 400, 'priceTemplateRuleTwice', { id: big.id });
    // A parent sees demo-a's rule but its own template may not use it (the sub-account would not see the chain).
    refused(await addTemplate('demo', 'parent', [big.id]), 400, 'priceTemplateRuleOtherAccount', { id: big.id });
    const t = await addTemplate('demo-a', 'chained', [black.id, big.id]);
    expect(t.data.rule_ids).toEqual([black.id, big.id]);
    refused(await app.api(routes.priceRuleDel, { as: 'demo-a', body: { ids: String(big.id) } }), 409, 'priceRuleInUse', {
      name: 'chain XXL +2',
      template: 'chained',
    });
    // With an unused rule: the deletion is refused as a whole, the unused rule stays too.
    const spare = await addRule('demo-a', rule({ name: 'chain spare' }));
    refused(await app.api(routes.priceRuleDel, { as: 'demo-a', body: { ids: `${spare.id},${big.id}` } }), 409, 'priceRuleInUse', {
      name: 'chain XXL +2',
      template: 'chained',
    });
    expect((await app.api(routes.priceRuleList, { as: 'demo-a', query: { name: 'chain spare' } })).data.count).toBe(1);

    // The preview shows each step: 35 + 45 → 15.4321 USD; black +10 % → 16.9753; XXL +2 → 18.9753; cent → 18.98.
    const pv = await app.api(routes.priceRulePreview, {
      as: 'demo-a',
      body: { pricing_template_id: t.data.id, cost: 35, size: 'xxl', color: '黑色' },
    });
    expect(pv.data.steps).toEqual([
      { kind: 'template', price: 15.4321 },
      { kind: 'rule', ruleId: black.id, name: 'chain 黑色 +10%', applied: true, price: 16.9753 },
      { kind: 'rule', ruleId: big.id, name: 'chain XXL +2', applied: true, price: 18.9753 },
      { kind: 'rounding', rounding: 'cent', price: 18.98 },
    ]);
    // Another variant: neither holds. The template's order can change, and the chain with it.
    const white = await app.api(routes.priceRulePreview, {
      as: 'demo-a',
      body: { pricing_template_id: t.data.id, cost: 35, size: 'M', color: '白色' },
    });
    expect(white.data.price).toBe(15.43);
    await app.api(routes.priceTemplateUpdate, { as: 'demo-a', body: { id: t.data.id, rule_ids: [] } });
    expect((await app.api(routes.priceRuleDel, { as: 'demo-a', body: { ids: String(big.id) } })).data).toEqual({ deleted: 1 });
  });

  it('a rule deleted while a template is saved with it: the save is refused, the template never names a deleted rule', async () => {
    const account = await app.db.db.selectFrom('account').select('id').where('username', '=', 'demo-a').executeTakeFirstOrThrow();
    const caller = await app.accounts.resolver.resolveAccount(account.id);
    if (!caller || caller === 'disabled') throw new Error('no caller');
    const spare = await addRule('demo-a', rule({ name: 'race spare' }));
    const kept = await addRule('demo-a', rule({ name: 'race kept' }));
    // The rules checked, then the rule to go deleted before the template's transaction.
    let toGo = spare.id;
    const templates = createPriceTemplateService({
      repo: createPriceTemplateRepo(app.db.db, app.db.dialect),
      rules: {
        async chainOf(scope, ids) {
          const found = await app.priceRules.chainOf(scope, ids);
          if (ids.includes(toGo)) await app.api(routes.priceRuleDel, { as: 'demo-a', body: { ids: String(toGo) } });
          return found;
        },
      },
      rates: { inEffect: async () => [] },
      now: () => app.clock.now,
    });
    const body = {
      name: 'race',
      platform_type: 1,
      currency_code: 'USD',
      shipping: 45,
      exchange_rate: 7.2,
      margin: 0.2,
      platform_fee: 0.08,
      tax_rate: 0,
      discount: 0,
      rounding: 'cent',
    };
    await expect(templates.add(caller, { ...body, rule_ids: [kept.id, spare.id] } as never)).rejects.toMatchObject({
      status: 404,
      key: 'priceTemplateRuleNotFound',
      params: { id: spare.id },
    });
    expect((await app.api(routes.priceTemplateList, { as: 'demo-a', query: { name: 'race' } })).data.count).toBe(0);

    // An update adding a rule deleted meanwhile: refused, the template keeps its rules.
    const again = await addRule('demo-a', rule({ name: 'race spare 2' }));
    toGo = again.id;
    const t = (await addTemplate('demo-a', 'race 2', [kept.id])).data;
    await expect(templates.update(caller, { id: t.id, rule_ids: [kept.id, again.id] })).rejects.toMatchObject({
      status: 404,
      key: 'priceTemplateRuleNotFound',
    });
    expect((await app.api(routes.priceTemplateGet, { as: 'demo-a', query: { id: t.id } })).data.rule_ids).toEqual([kept.id]);
  });

  it("prices in the template's currency with its decimals (JPY none), and refuses another family's template", async () => {
    const yen = await app.api(routes.priceTemplateAdd, {
      as: 'demo-b',
      body: { name: 'JP', platform_type: 1, currency_code: 'JPY', exchange_rate: 0.0496, margin: 0.3, platform_fee: 0.15 },
    });
    const pv = await app.api(routes.priceRulePreview, { as: 'demo-b', body: { pricing_template_id: yen.data.id, cost: 39 } });
    // 39 / 0.0496 / 0.55 = 1429.6 → 1430 yen
    expect(pv.data).toMatchObject({ currency: 'JPY', price: 1430 });
    refused(
      await app.api(routes.priceRulePreview, { as: 'rival', body: { pricing_template_id: yen.data.id, cost: 39 } }),
      404,
      'priceTemplateNotFound',
    );
    refused(
      await app.api(routes.priceRulePreview, { as: 'demo-b', body: { pricing_template_id: 0, cost: 39, currency: 'CHF' } }),
      400,
      'priceRuleCurrency',
    );
  });

  it('deletes all or nothing', async () => {
    const a = await addRule('demo-b', rule({ name: 'del a' }));
    const b = await addRule('demo-b', rule({ name: 'del b' }));
    const theirs = await addRule('rival', rule({ name: 'del r' }));
    refused(await app.api(routes.priceRuleDel, { as: 'demo-b', body: { ids: `${a.id},${theirs.id}` } }), 404, 'priceRuleNotFound');
    expect((await app.api(routes.priceRuleDel, { as: 'demo', body: { ids: `${a.id},${b.id}` } })).data).toEqual({ deleted: 2 });
    expect((await app.api(routes.priceRuleList, { as: 'demo-b', query: { name: 'del' } })).data.count).toBe(0);
  });

  it('needs a login', async () => {
    expect((await app.api(routes.priceRuleList, {})).status).toBe(401);
    expect((await app.api(routes.priceRuleAdd, { body: rule() })).status).toBe(401);
  });
});
