import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDescriptionTemplate, message, routes, type BodyOf, type MessageKey } from '@app/contract';
import { buildTestApp, type TestApp, TEST_PASSWORD } from './helper.js';

/** The marketplaces' product templates (docs/market-templates.md): A (AliExpress, 2) and B (TikTok Shop, 15). */
let app: TestApp;
/** Shops by owner and marketplace. */
const shop = { aAli: 0, aAli2: 0, aTk: 0, aAmazon: 0, bTk: 0, parentTk: 0, rivalAli: 0, rivalTk: 0 };

const addShop = async (as: string, pid: number, name: string) => {
  const res = await app.api(routes.storeAdd, { as, body: { pid, name } });
  expect(res.body.code, res.text).toBe(1);
  return res.data.id;
};

beforeAll(async () => {
  app = await buildTestApp();
  await app.call({ method: 'POST', url: '/api/user/register', payload: { username: 'rival', password: TEST_PASSWORD } });
  shop.aAli = await addShop('demo-a', 2, 'A Ali');
  shop.aAli2 = await addShop('demo-a', 2, 'A Ali two');
  shop.aTk = await addShop('demo-a', 15, 'A TikTok');
  shop.aAmazon = await addShop('demo-a', 1, 'A Amazon');
  shop.bTk = await addShop('demo-b', 15, 'B TikTok');
  shop.parentTk = await addShop('demo', 15, 'Parent TikTok');
  shop.rivalAli = await addShop('rival', 2, 'Rival Ali');
  shop.rivalTk = await addShop('rival', 15, 'Rival TikTok');
});
afterAll(async () => {
  await app.close();
});

const refused = (res: { status: number; body: { code: number; msg: string } }, status: number, key: MessageKey, params = {}) => {
  expect(res.status, res.body.msg).toBe(status);
  expect(res.body.code).toBe(0);
  expect(res.body.msg).toBe(message(key, 'zh', params));
};
const ok = <T extends { body: { code: number }; text: string }>(res: T) => {
  expect(res.body.code, res.text).toBe(1);
  return res;
};
const count = async (table: 'aliexpress_template' | 'tiktok_template') =>
  Number(
    (
      await app.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

type AliBody = BodyOf<typeof routes.aliexpressTemplateAdd>;
type TkBody = BodyOf<typeof routes.tiktokTemplateAdd>;
const aliBody = (over: Partial<AliBody> = {}): AliBody => ({
  store_id: shop.aAli,
  name: 'AE T恤',
  category_id: 200000343,
  attributes: [
    { attr_name_id: 2, attr_value_id: 201512802 },
    { attr_name_id: 10, attr_value: 'Cotton blend' },
  ],
  freight_template_id: 1000,
  promise_template_id: 2000,
  weight: 0.25,
  package_length: 30,
  package_width: 25,
  package_height: 3,
  brand_name: 'Sunny',
  ...over,
});
const tkBody = (over: Partial<TkBody> = {}): TkBody => ({
  store_id: shop.aTk,
  name: 'TK tee',
  category_id: 601226,
  brand_id: '7082427311584347905',
  package_weight: 0.3,
  package_length: 30,
  package_width: 25,
  package_height: 3,
  description_template: '<p><strong>{title}</strong></p><ul><li>Soft cotton</li></ul>',
  ...over,
});

async function callerOf(username: string) {
  const id = (await app.call({ method: 'GET', url: '/api/user/info', as: username })).json().data.id;
  const caller = await app.accounts.resolver.resolveAccount(id);
  if (!caller || caller === 'disabled') throw new Error('no caller');
  return caller;
}

describe('AliExpress templates (/api/aliexpress/template/add | update | del | getlist)', () => {
  it('adds with the defaults, lists, updates and deletes', async () => {
    const t = ok(await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody() })).data;
    expect(t).toMatchObject({
      store_id: shop.aAli,
      store_name: 'A Ali',
      username: 'demo-a',
      name: 'AE T恤',
      category_id: 200000343,
      attributes: [
        { attr_name_id: 2, attr_value_id: 201512802 },
        { attr_name_id: 10, attr_value: 'Cotton blend' },
      ],
      freight_template_id: 1000,
      promise_template_id: 2000,
      // Defaults: piece, English.
      product_unit: 100000015,
      language: 'en',
      weight: 0.25,
      package_length: 30,
    });
    const list = ok(await app.api(routes.aliexpressTemplateList, { as: 'demo-a', query: { store_id: shop.aAli, name: 't恤' } })).data;
    expect(list.list.map((r) => r.id)).toEqual([t.id]);
    const upd = ok(
      await app.api(routes.aliexpressTemplateUpdate, {
        as: 'demo-a',
        body: { ...aliBody({ name: 'AE hoodie', language: 'fr', weight: 0.5, attributes: [] }), id: t.id },
      }),
    ).data;
    expect(upd).toMatchObject({ id: t.id, name: 'AE hoodie', language: 'fr', weight: 0.5, attributes: [] });
    ok(await app.api(routes.aliexpressTemplateDel, { as: 'demo-a', body: { id: t.id } }));
    refused(await app.api(routes.aliexpressTemplateDel, { as: 'demo-a', body: { id: t.id } }), 404, 'aliexpressTemplateNotFound');
  });

  it('refuses each invalid field with its own message, writing nothing', async () => {
    const before = await count('aliexpress_template');
    const cases: [Partial<AliBody>, number, MessageKey, Record<string, string | number>?][] = [
      [{ name: '  ' }, 400, 'templateNameEmpty'],
      [{ name: 'x'.repeat(51) }, 400, 'templateNameTooLong', { max: 50 }],
      [{ store_id: shop.rivalAli }, 404, 'storeNotFound'],
      [{ store_id: 999_999 }, 404, 'storeNotFound'],
      [{ store_id: shop.aTk }, 400, 'marketTemplateStoreNotAliexpress'],
      [{ store_id: shop.aAmazon }, 400, 'marketTemplateStoreNotAliexpress'],
      [{ category_id: 0 }, 400, 'marketTemplateCategory'],
      [{ category_id: 1.5 }, 400, 'marketTemplateCategory'],
      [{ freight_template_id: undefined }, 400, 'aliexpressFreightRequired'],
      [{ promise_template_id: undefined }, 400, 'aliexpressPromiseRequired'],
      [{ promise_template_id: -3 }, 400, 'aliexpressPromiseRequired'],
      [{ product_unit: 0 }, 400, 'aliexpressProductUnit'],
      [{ weight: 0 }, 400, 'aliexpressWeight', { min: 0.001, max: 500 }],
      [{ weight: 500.001 }, 400, 'aliexpressWeight', { min: 0.001, max: 500 }],
      [{ weight: 0.0015 }, 400, 'aliexpressWeight', { min: 0.001, max: 500 }],
      [{ package_length: 0 }, 400, 'aliexpressSide', { field: 'package_length', min: 1, max: 700 }],
      [{ package_width: 701 }, 400, 'aliexpressSide', { field: 'package_width', min: 1, max: 700 }],
      [{ package_height: 2.5 }, 400, 'aliexpressSide', { field: 'package_height', min: 1, max: 700 }],
      [{ language: 'xx' }, 400, 'aliexpressLanguage', { language: 'xx' }],
      [{ brand_name: 'b'.repeat(101) }, 400, 'aliexpressBrandTooLong', { max: 100 }],
      [{ attributes: [{ attr_name_id: 0, attr_value: 'x' }] }, 400, 'aliexpressAttrNameId', { n: 1 }],
      [{ attributes: [{ attr_name_id: 2, attr_value_id: 1 }, { attr_name_id: 3 }] }, 400, 'aliexpressAttrValueMissing', { n: 2 }],
      [{ attributes: [{ attr_name_id: 3, attr_value: '  ' }] }, 400, 'aliexpressAttrValueMissing', { n: 1 }],
      [{ attributes: [{ attr_name_id: 3, attr_value_id: -1 }] }, 400, 'aliexpressAttrValueId', { n: 1 }],
      [{ attributes: [{ attr_name_id: 3, attr_value: 'a,b' }] }, 400, 'aliexpressAttrValueChars', { n: 1 }],
      [{ attributes: [{ attr_name_id: 3, attr_value: 'size:M' }] }, 400, 'aliexpressAttrValueChars', { n: 1 }],
      [{ attributes: [{ attr_name_id: 3, attr_value: '#1' }] }, 400, 'aliexpressAttrValueChars', { n: 1 }],
      [{ attributes: [{ attr_name_id: 3, attr_value: 'a=b' }] }, 400, 'aliexpressAttrValueChars', { n: 1 }],
      [{ attributes: [{ attr_name_id: 3, attr_value: 'v'.repeat(71) }] }, 400, 'aliexpressAttrValueTooLong', { n: 1, max: 70 }],
      [
        {
          attributes: [
            { attr_name_id: 3, attr_value_id: 5 },
            { attr_name_id: 3, attr_value_id: 5 },
          ],
        },
        400,
        'aliexpressAttrDuplicate',
        { n: 2 },
      ],
      [
        { attributes: Array.from({ length: 51 }, (_, i) => ({ attr_name_id: i + 1, attr_value_id: 1 })) },
        400,
        'aliexpressAttributesTooMany',
        { max: 50 },
      ],
    ];
    for (const [over, status, key, params] of cases) {
      refused(await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody({ name: 'bad', ...over }) }), status, key, params);
    }
    expect(await count('aliexpress_template')).toBe(before);
    // At the limits.
    ok(
      await app.api(routes.aliexpressTemplateAdd, {
        as: 'demo-a',
        body: aliBody({ name: 'limits', weight: 0.001, package_length: 1, package_width: 700, package_height: 700 }),
      }),
    );
    ok(await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody({ name: 'heavy', weight: 500 }) }));
    expect(await count('aliexpress_template')).toBe(before + 2);
  });

  it('a name is unique per shop: the same name on another shop is fine', async () => {
    ok(await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody({ name: 'Twice' }) }));
    refused(
      await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody({ name: ' Twice ' }) }),
      409,
      'marketTemplateNameTaken',
      { name: 'Twice' },
    );
    ok(await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody({ name: 'Twice', store_id: shop.aAli2 }) }));
  });

  it("another family's and a sibling's ids answer 404 on every id-taking call", async () => {
    const mine = ok(await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody({ name: 'private ae' }) })).data;
    for (const as of ['rival', 'demo-b']) {
      refused(
        await app.api(routes.aliexpressTemplateUpdate, {
          as,
          body: { ...aliBody({ name: 'stolen', store_id: shop.rivalAli }), id: mine.id },
        }),
        404,
        'aliexpressTemplateNotFound',
      );
      refused(await app.api(routes.aliexpressTemplateDel, { as, body: { id: mine.id } }), 404, 'aliexpressTemplateNotFound');
      const seen = ok(await app.api(routes.aliexpressTemplateList, { as, query: {} })).data.list.map((r) => r.id);
      expect(seen).not.toContain(mine.id);
    }
    refused(await app.api(routes.aliexpressTemplateDel, { as: 'demo-a', body: { id: 999_999 } }), 404, 'aliexpressTemplateNotFound');
    const row = await app.db.db.selectFrom('aliexpress_template').select('name').where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('private ae');
  });
});

describe('TikTok templates (/api/tiktok/template/add | update | del | getlist)', () => {
  it('adds with the defaults, lists, updates and deletes', async () => {
    const t = ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo-a', body: tkBody() })).data;
    expect(t).toMatchObject({
      store_name: 'A TikTok',
      brand_id: '7082427311584347905',
      warehouse_id: '',
      weight_unit: 'KILOGRAM',
      dimension_unit: 'CENTIMETER',
      save_mode: 'LISTING',
      package_weight: 0.3,
      size_chart_uri: '',
    });
    const upd = ok(
      await app.api(routes.tiktokTemplateUpdate, {
        as: 'demo-a',
        body: {
          ...tkBody({
            name: 'TK draft',
            weight_unit: 'POUND',
            dimension_unit: 'INCH',
            save_mode: 'AS_DRAFT',
            warehouse_id: '7068517275539719942',
            size_chart_uri: 'tos-maliva-i-o3syd03w52-us/size.png',
          }),
          id: t.id,
        },
      }),
    ).data;
    expect(upd).toMatchObject({
      name: 'TK draft',
      weight_unit: 'POUND',
      dimension_unit: 'INCH',
      save_mode: 'AS_DRAFT',
      warehouse_id: '7068517275539719942',
    });
    const list = ok(await app.api(routes.tiktokTemplateList, { as: 'demo-a', query: { name: 'draft' } })).data;
    expect(list.list.map((r) => r.id)).toEqual([t.id]);
    ok(await app.api(routes.tiktokTemplateDel, { as: 'demo-a', body: { id: t.id } }));
    refused(await app.api(routes.tiktokTemplateDel, { as: 'demo-a', body: { id: t.id } }), 404, 'tiktokTemplateNotFound');
  });

  it('refuses each invalid field with its own message, writing nothing', async () => {
    const before = await count('tiktok_template');
    const cases: [Partial<TkBody>, number, MessageKey, Record<string, string | number>?][] = [
      [{ name: '' }, 400, 'templateNameEmpty'],
      [{ store_id: shop.rivalTk }, 404, 'storeNotFound'],
      [{ store_id: shop.aAli }, 400, 'marketTemplateStoreNotTiktok'],
      [{ category_id: -1 }, 400, 'marketTemplateCategory'],
      [{ brand_id: 'abc' }, 400, 'tiktokIdDigits', { field: 'brand_id', max: 30 }],
      [{ warehouse_id: '1'.repeat(31) }, 400, 'tiktokIdDigits', { field: 'warehouse_id', max: 30 }],
      [{ package_weight: 0 }, 400, 'tiktokWeight'],
      [{ package_weight: -1 }, 400, 'tiktokWeight'],
      [{ weight_unit: 'GRAM' }, 400, 'tiktokWeightUnit'],
      [{ dimension_unit: 'METER' }, 400, 'tiktokDimensionUnit'],
      [{ weight_unit: 'KILOGRAM', dimension_unit: 'INCH' }, 400, 'tiktokUnitPair'],
      [{ weight_unit: 'POUND', dimension_unit: 'CENTIMETER' }, 400, 'tiktokUnitPair'],
      [{ package_length: 0 }, 400, 'tiktokSide', { field: 'package_length' }],
      [{ package_height: -2 }, 400, 'tiktokSide', { field: 'package_height' }],
      [{ save_mode: 'PUBLISH' }, 400, 'tiktokSaveMode'],
      [{ size_chart_uri: 'u'.repeat(501) }, 400, 'tiktokSizeChartTooLong', { max: 500 }],
      [{ description_template: ' ' }, 400, 'tiktokDescriptionEmpty'],
      [{ description_template: `<p>${'d'.repeat(9994)}</p>` }, 400, 'tiktokDescriptionTemplateTooLong', { max: 10000, n: 10001 }],
      [{ description_template: '<div>{title}</div>' }, 400, 'tiktokDescriptionTag', { tag: 'div' }],
      [{ description_template: '<p>{title}</p><script>alert(1)</script>' }, 400, 'tiktokDescriptionTag', { tag: 'script' }],
      [{ description_template: '<p><a href="x">{title}</a></p>' }, 400, 'tiktokDescriptionTag', { tag: 'a' }],
      [{ description_template: '<p><img src="x.png" onerror="alert(1)"></p>' }, 400, 'tiktokDescriptionAttribute', { attr: 'onerror' }],
      [{ description_template: '<p style="color:red">{title}</p>' }, 400, 'tiktokDescriptionAttribute', { attr: 'style' }],
      [{ description_template: '<p>{name}</p>' }, 400, 'tiktokDescriptionPlaceholder', { placeholder: '{name}' }],
      // Attributes by whitelist, read as a browser reads a tag: "/" separates attributes too.
      [{ description_template: '<p>{title}<img/onerror=alert(1) src=x></p>' }, 400, 'tiktokDescriptionAttribute', { attr: 'onerror' }],
      [{ description_template: '<p><img src="x"/onerror=alert(1)>{title}</p>' }, 400, 'tiktokDescriptionAttribute', { attr: 'onerror' }],
      [{ description_template: '<p><img src="x"onerror=alert(1)>{title}</p>' }, 400, 'tiktokDescriptionAttribute', { attr: 'onerror' }],
      [
        { description_template: '<p><img\nsrc=x\tONERROR\n=\nalert(1)>{title}</p>' },
        400,
        'tiktokDescriptionAttribute',
        { attr: 'onerror' },
      ],
      [{ description_template: '<p><img alt="a>b" onload=alert(1)>{title}</p>' }, 400, 'tiktokDescriptionAttribute', { attr: 'onload' }],
      [{ description_template: '<p class="x">{title}</p>' }, 400, 'tiktokDescriptionAttribute', { attr: 'class' }],
      [{ description_template: '<p><img src=x title=y>{title}</p>' }, 400, 'tiktokDescriptionAttribute', { attr: 'title' }],
      [{ description_template: '<p>{title}</p id=x>' }, 400, 'tiktokDescriptionAttribute', { attr: 'id' }],
      [{ description_template: '<p>{title}</p><img src="x' }, 400, 'tiktokDescriptionUnclosedTag', { tag: 'img' }],
      [{ description_template: '<p>{title}<!--x--></p>' }, 400, 'tiktokDescriptionTag', { tag: '!--x--' }],
      [{ description_template: '<p><img src=x alt={title}></p>' }, 400, 'tiktokDescriptionPlaceholderInTag'],
    ];
    for (const [over, status, key, params] of cases) {
      refused(await app.api(routes.tiktokTemplateAdd, { as: 'demo-a', body: tkBody({ name: 'bad', ...over }) }), status, key, params);
    }
    expect(await count('tiktok_template')).toBe(before);
    // Every allowed tag, exactly 10,000 characters, and the default description when none is sent.
    const allowed =
      '<p><img src="a.png" alt=\'{title}\'><IMG SRC=b.png /><ul><li><b>B</b><i>I</i><em>E</em><u>U</u><strong>{title}</strong></li></ul><ol><li>x<br/> 3 < 5</li></ol></p>';
    ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo-a', body: tkBody({ name: 'all tags', description_template: allowed }) }));
    ok(
      await app.api(routes.tiktokTemplateAdd, {
        as: 'demo-a',
        body: tkBody({ name: 'at the limit', description_template: `<p>${'d'.repeat(9993)}</p>` }),
      }),
    );
    const { description_template: _d, ...noDescription } = tkBody({ name: 'default description' });
    const d = ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo-a', body: noDescription })).data;
    expect(d.description_template).toBe('<p>{title}</p>');
    expect(fillDescriptionTemplate(d.description_template, 'Tee <Red> & Blue')).toBe('<p>Tee &lt;Red&gt; &amp; Blue</p>');
    // A title cannot close a quoted attribute value the placeholder sits in.
    expect(fillDescriptionTemplate(`<img src=x alt='{title}'>`, `' onerror='1`)).toBe(`<img src=x alt='&#39; onerror=&#39;1'>`);
    expect(await count('tiktok_template')).toBe(before + 3);
  });

  it("another family's and a sibling's ids answer 404; a name is unique per shop", async () => {
    const mine = ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo-a', body: tkBody({ name: 'private tk' }) })).data;
    for (const as of ['rival', 'demo-b']) {
      refused(
        await app.api(routes.tiktokTemplateUpdate, { as, body: { ...tkBody({ name: 'stolen', store_id: shop.rivalTk }), id: mine.id } }),
        404,
        'tiktokTemplateNotFound',
      );
      refused(await app.api(routes.tiktokTemplateDel, { as, body: { id: mine.id } }), 404, 'tiktokTemplateNotFound');
    }
    refused(
      await app.api(routes.tiktokTemplateAdd, { as: 'demo-a', body: tkBody({ name: 'private tk' }) }),
      409,
      'marketTemplateNameTaken',
      {
        name: 'private tk',
      },
    );
    // Renaming onto a taken name is refused too; keeping its own name is not.
    const other = ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo-a', body: tkBody({ name: 'other tk' }) })).data;
    refused(
      await app.api(routes.tiktokTemplateUpdate, { as: 'demo-a', body: { ...tkBody({ name: 'private tk' }), id: other.id } }),
      409,
      'marketTemplateNameTaken',
      { name: 'private tk' },
    );
    ok(
      await app.api(routes.tiktokTemplateUpdate, {
        as: 'demo-a',
        body: { ...tkBody({ name: 'other tk', package_weight: 1 }), id: other.id },
      }),
    );
  });

  it("a parent lists its sub-accounts' templates, edits them, and one it adds on a sub-account's shop is that account's", async () => {
    const sub = ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo-b', body: tkBody({ name: 'B sub', store_id: shop.bTk }) })).data;
    const parentList = ok(await app.api(routes.tiktokTemplateList, { as: 'demo', query: { store_id: shop.bTk } })).data;
    expect(parentList.list.map((r) => [r.name, r.username])).toEqual([['B sub', 'demo-b']]);
    const edited = ok(
      await app.api(routes.tiktokTemplateUpdate, {
        as: 'demo',
        body: { ...tkBody({ name: 'B sub edited', store_id: shop.bTk }), id: sub.id },
      }),
    ).data;
    expect(edited).toMatchObject({ username: 'demo-b', name: 'B sub edited' });
    const onSub = ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo', body: tkBody({ name: 'by parent', store_id: shop.bTk }) })).data;
    expect(onSub.username).toBe('demo-b');
    // The sub-account sees it; its sibling and a stranger do not.
    expect(ok(await app.api(routes.tiktokTemplateList, { as: 'demo-b', query: {} })).data.list.map((r) => r.name)).toContain('by parent');
    expect(ok(await app.api(routes.tiktokTemplateList, { as: 'demo-a', query: {} })).data.list.map((r) => r.name)).not.toContain(
      'by parent',
    );
    expect(ok(await app.api(routes.tiktokTemplateList, { as: 'rival', query: {} })).data.count).toBe(0);
    // A sub-account cannot use its parent's shop.
    refused(
      await app.api(routes.tiktokTemplateAdd, { as: 'demo-b', body: tkBody({ name: 'up', store_id: shop.parentTk }) }),
      404,
      'storeNotFound',
    );
  });
});

describe("the publish tab's pickers and the publish job's lookup", () => {
  it("getTemplatesByStoreid lists one shop's templates by name; another family's or the wrong marketplace's shop is refused", async () => {
    const shopId = await addShop('demo-a', 15, 'Picker TikTok');
    ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo-a', body: tkBody({ name: 'Zeta', store_id: shopId, category_id: 7 }) }));
    ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo-a', body: tkBody({ name: 'Alpha', store_id: shopId, category_id: 8 }) }));
    const list = ok(await app.api(routes.tiktokTemplatesByStore, { as: 'demo-a', query: { store_id: shopId } })).data.list;
    expect(list.map((r) => [r.name, r.category_id])).toEqual([
      ['Alpha', 8],
      ['Zeta', 7],
    ]);
    expect(list.every((r) => r.id > 0)).toBe(true);
    expect(ok(await app.api(routes.tiktokTemplatesByStore, { as: 'demo', query: { store_id: shopId } })).data.list).toHaveLength(2);
    refused(await app.api(routes.tiktokTemplatesByStore, { as: 'rival', query: { store_id: shopId } }), 404, 'storeNotFound');
    refused(
      await app.api(routes.tiktokTemplatesByStore, { as: 'demo-a', query: { store_id: shop.aAli } }),
      400,
      'marketTemplateStoreNotTiktok',
    );
    ok(await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody({ name: 'picked', store_id: shop.aAli2 }) }));
    const ae = ok(await app.api(routes.aliexpressTemplatesByStore, { as: 'demo-a', query: { store_id: shop.aAli2 } })).data.list;
    expect(ae.map((r) => r.name)).toContain('picked');
    refused(
      await app.api(routes.aliexpressTemplatesByStore, { as: 'demo-a', query: { store_id: shop.aTk } }),
      400,
      'marketTemplateStoreNotAliexpress',
    );
  });

  it('forPublish answers the typed row in the scope; templateForShop refuses another shop or another family', async () => {
    const t = ok(await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody({ name: 'for publish' }) })).data;
    const caller = await callerOf('demo-a');
    const row = await app.marketTemplates.forPublish(caller, 2, t.id);
    expect(row).toMatchObject({ id: t.id, freight_template_id: 1000, attributes: t.attributes });
    // A job reads with the owner's scope; the wrong marketplace or a stranger finds nothing.
    expect(await app.marketTemplates.forPublish({ accountIds: [caller.id] }, 2, t.id)).toMatchObject({ id: t.id });
    expect(await app.marketTemplates.forPublish(caller, 15, t.id)).toBeUndefined();
    expect(await app.marketTemplates.forPublish(await callerOf('rival'), 2, t.id)).toBeUndefined();
    expect(await app.marketTemplates.templateForShop(caller, 2, shop.aAli, t.id)).toMatchObject({ ok: true, template: { id: t.id } });
    expect(await app.marketTemplates.templateForShop(caller, 2, shop.aAli2, t.id)).toEqual({
      ok: false,
      status: 400,
      key: 'marketTemplateOtherShop',
      params: { store: 'A Ali' },
    });
    expect(await app.marketTemplates.templateForShop(await callerOf('rival'), 2, shop.aAli, t.id)).toEqual({
      ok: false,
      status: 404,
      key: 'aliexpressTemplateNotFound',
    });
  });

  it("deleting a shop deletes its marketplace templates, and only that shop's", async () => {
    const ali = await addShop('demo-a', 2, 'Short-lived Ali');
    const tk = await addShop('demo-a', 15, 'Short-lived TikTok');
    const a = ok(await app.api(routes.aliexpressTemplateAdd, { as: 'demo-a', body: aliBody({ name: 'gone', store_id: ali }) })).data;
    const b = ok(await app.api(routes.tiktokTemplateAdd, { as: 'demo', body: tkBody({ name: 'gone', store_id: tk }) })).data;
    const aliBefore = await count('aliexpress_template');
    const tkBefore = await count('tiktok_template');
    ok(await app.api(routes.storeDel, { as: 'demo-a', body: { id: ali } }));
    ok(await app.api(routes.storeDel, { as: 'demo', body: { id: tk } }));
    refused(await app.api(routes.aliexpressTemplateDel, { as: 'demo-a', body: { id: a.id } }), 404, 'aliexpressTemplateNotFound');
    refused(await app.api(routes.tiktokTemplateDel, { as: 'demo-a', body: { id: b.id } }), 404, 'tiktokTemplateNotFound');
    expect(await count('aliexpress_template')).toBe(aliBefore - 1);
    expect(await count('tiktok_template')).toBe(tkBefore - 1);
  });
});
