import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceA, type MarketplaceA, type ShopCredentials } from '../src/index.js';
import { gateway, postTee, responseOf, uploadImage } from './support.js';

// Managing live products over real HTTP, signed as every other test signs (docs/marketplace-a.md#managing-products).
// The clock is the test's and never moves on its own.
const t = Date.UTC(2026, 5, 15, 17, 0, 0);
let sandbox: MarketplaceA;

const LIST = 'aliexpress.solution.product.list.get';
const INFO = 'aliexpress.solution.product.info.get';
const EDIT = 'aliexpress.solution.product.edit';
const PRICES = 'aliexpress.solution.batch.product.price.update';
const OFFLINE = 'aliexpress.postproduct.redefining.offlineaeproduct';
const ONLINE = 'aliexpress.postproduct.redefining.onlineaeproduct';
const DELETE = 'aliexpress.solution.batch.product.delete';
const TREE = 'aliexpress.solution.seller.category.tree.query';
const SKU_ATTRS = 'aliexpress.solution.sku.attribute.query';
const FREIGHT = 'aliexpress.freight.redefining.listfreighttemplate';
const WORDS = 'aliexpress.postproduct.redefining.findaeproductprohibitedwords';

interface Seller {
  creds: ShopCredentials;
  image: string;
}
const call = (s: Seller, method: string, api: Record<string, string> = {}) => gateway(sandbox.url, s.creds, method, api, t);
const err = (body: any) => body.error_response as { code: string; sub_code?: string; msg: string };

async function seller(name: string): Promise<Seller> {
  const creds = sandbox.createShop({ name });
  return { creds, image: await uploadImage(sandbox.url, creds, t) };
}

/** Posts a tee with two SKUs, TEE-M (19.99, discount 15.99) and TEE-L (21.00); answers its product id. */
const post = (s: Seller, subject: string) => postTee(sandbox.url, s.creds, t, s.image, subject);

const list = async (s: Seller, q: Record<string, unknown>) =>
  responseOf(LIST, await call(s, LIST, { aeop_a_e_product_list_query: JSON.stringify({ page_size: 20, current_page: 1, ...q }) }))?.result;
const info = async (s: Seller, id: string) => responseOf(INFO, await call(s, INFO, { product_id: id }))?.result;
const edit = (s: Seller, req: Record<string, unknown>) => call(s, EDIT, { edit_product_request: JSON.stringify(req) });
const pageOf = async (id: string) => {
  const res = await fetch(`${sandbox.url}/sandbox/products/${id}`);
  return { status: res.status, html: await res.text() };
};
const buy = (productId: string) =>
  fetch(`${sandbox.url}/sandbox/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ app_key: a.creds.app_key, product_id: productId }),
  });

let a: Seller;
let b: Seller;
beforeAll(async () => {
  sandbox = await startMarketplaceA({ now: () => t, ratePerSecond: 1000 });
  a = await seller('manage-a');
  b = await seller('manage-b');
});
afterAll(() => sandbox.close());

describe('product list and info', () => {
  it('lists the shop’s products by status with subject, price range and stock, and filters by subject', async () => {
    const id = await post(a, 'Listed walrus tee');
    await post(b, 'Listed walrus tee of shop b');
    const r = await list(a, { product_status_type: 'onSelling', subject: 'WALRUS' });
    expect(r.product_count).toBe(1);
    const item = r.aeop_a_e_product_display_d_t_o_list.item_display_dto[0];
    expect(item).toMatchObject({
      product_id: Number(id),
      subject: 'Listed walrus tee',
      product_min_price: '19.99',
      product_max_price: '21.00',
      product_stock: 20,
    });
    expect((await list(a, { product_status_type: 'offline', subject: 'walrus' })).product_count).toBe(0);
  });

  it('refuses a list query without a status, with an unknown status or that is not JSON', async () => {
    expect(err(await call(a, LIST, { aeop_a_e_product_list_query: '{}' }))).toMatchObject({ code: '40' });
    const bad = await call(a, LIST, { aeop_a_e_product_list_query: '{"product_status_type":"sold"}' });
    expect(err(bad)).toMatchObject({ code: '41', sub_code: 'isv.invalid-parameter' });
    expect(err(await call(a, LIST, { aeop_a_e_product_list_query: '{' }))).toMatchObject({ code: '41', sub_code: 'isv.invalid-json' });
  });

  it('reads one product with its SKUs and status; another shop’s product is not found', async () => {
    const id = await post(a, 'Info tee');
    const r = await info(a, id);
    expect(r.product_status_type).toBe('onSelling');
    const skus = r.aeop_ae_product_s_k_us.global_aeop_ae_product_sku;
    expect(skus.map((s: any) => [s.sku_code, s.sku_price, s.sku_discount_price, s.ipm_sku_stock])).toEqual([
      ['TEE-M', '19.99', '15.99', 10],
      ['TEE-L', '21.00', undefined, 10],
    ]);
    expect(err(await call(b, INFO, { product_id: id }))).toMatchObject({ code: '50', sub_code: 'isv.product-not-found' });
    expect(err(await call(a, INFO, {}))).toMatchObject({ code: '40' });
  });
});

describe('editing', () => {
  it('changes the subject and SKU prices, and the product page shows them', async () => {
    const id = await post(a, 'Before edit tee');
    const body = await edit(a, {
      product_id: Number(id),
      multi_language_subject_list: [{ language: 'en', subject: 'After edit tee' }],
      sku_info_list: [{ sku_code: 'TEE-L', price: 25, discount_price: 22.5 }],
    });
    expect(body.aliexpress_solution_product_edit_response.result.product_id).toBe(Number(id));
    const r = await info(a, id);
    expect(r.subject).toBe('After edit tee');
    const l = r.aeop_ae_product_s_k_us.global_aeop_ae_product_sku.find((s: any) => s.sku_code === 'TEE-L');
    expect([l.sku_price, l.sku_discount_price]).toEqual(['25.00', '22.50']);
    const page = await pageOf(id);
    expect(page.html).toContain('<h1>After edit tee</h1>');
    expect(page.html).toContain('<s>25.00</s>');
    expect(page.html).toContain('22.50');
    expect(page.html).not.toContain('Before edit tee');
  });

  it.each([
    ['no product_id', {}, '40', 'isv.missing-parameter'],
    [
      'a subject over 128 characters',
      { multi_language_subject_list: [{ language: 'en', subject: 'x'.repeat(129) }] },
      '41',
      'isv.subject-length',
    ],
    ['an empty subject', { multi_language_subject_list: [{ language: 'en', subject: ' ' }] }, '40', 'isv.missing-parameter'],
    ['a price of 0', { sku_info_list: [{ sku_code: 'TEE-M', price: 0 }] }, '41', 'isv.price-range'],
    [
      'a discount not below the price',
      { sku_info_list: [{ sku_code: 'TEE-M', price: 10, discount_price: 10 }] },
      '41',
      'isv.discount-price',
    ],
    ['an unknown sku_code', { sku_info_list: [{ sku_code: 'TEE-XXL', price: 10 }] }, '41', 'isv.sku-code-unknown'],
    ['a field the sandbox does not edit', { weight: 1 }, '41', 'isv.edit-field-unsupported'],
    ['nothing to change', {}, '40', 'isv.missing-parameter'],
  ])('refuses an edit with %s and changes nothing', async (label, fields, code, subCode) => {
    const id = await post(a, 'Unchanged tee');
    const req = label === 'no product_id' ? fields : { product_id: id, ...fields };
    expect(err(await edit(a, req))).toMatchObject({ code, sub_code: subCode });
    const r = await info(a, id);
    expect(r.subject).toBe('Unchanged tee');
    expect(r.aeop_ae_product_s_k_us.global_aeop_ae_product_sku[0].sku_price).toBe('19.99');
  });

  it('refuses to edit another shop’s product', async () => {
    const id = await post(a, 'Not yours tee');
    const body = await edit(b, { product_id: id, multi_language_subject_list: [{ language: 'en', subject: 'Taken' }] });
    expect(err(body)).toMatchObject({ code: '50', sub_code: 'isv.product-not-found' });
    expect((await info(a, id)).subject).toBe('Not yours tee');
  });

  it('updates prices in batch, per product, erasing a discount not sent', async () => {
    const ok = await post(a, 'Batch ok tee');
    const bad = await post(a, 'Batch bad tee');
    const body = await call(a, PRICES, {
      mutiple_product_update_list: JSON.stringify([
        { product_id: Number(ok), multiple_sku_update_list: [{ sku_code: 'TEE-M', price: '30.00' }] },
        { product_id: Number(bad), multiple_sku_update_list: [{ sku_code: 'TEE-M', price: '1000000' }] },
      ]),
    });
    const r = responseOf(PRICES, body);
    expect(r.update_success).toBe(false);
    expect(r.update_successful_list.synchronize_product_response_dto).toEqual([{ product_id: Number(ok) }]);
    expect(r.update_failed_list.synchronize_product_response_dto).toMatchObject([
      { product_id: Number(bad), error_code: 'isv.price-range' },
    ]);
    const m = (await info(a, ok)).aeop_ae_product_s_k_us.global_aeop_ae_product_sku[0];
    expect([m.sku_price, m.sku_discount_price]).toEqual(['30.00', undefined]);
    expect((await info(a, bad)).aeop_ae_product_s_k_us.global_aeop_ae_product_sku[0].sku_price).toBe('19.99');
  });

  it('refuses a batch of more than 20 products', async () => {
    const many = Array.from({ length: 21 }, (_v, i) => ({ product_id: i + 1, multiple_sku_update_list: [{ sku_code: 'X', price: 1 }] }));
    const body = await call(a, PRICES, { mutiple_product_update_list: JSON.stringify(many) });
    expect(err(body)).toMatchObject({ code: '41', sub_code: 'isv.product-count' });
  });
});

describe('offline, online and delete', () => {
  it('takes products offline per product, lists them as offline, and a buyer cannot buy them', async () => {
    const one = await post(a, 'Offline one');
    const two = await post(a, 'Offline two');
    const theirs = await post(b, 'Offline theirs');
    const body = await call(a, OFFLINE, { product_ids: `${one};${two};${theirs}` });
    const r = responseOf(OFFLINE, body).result;
    expect(r).toMatchObject({ success: false, modify_count: 2 });
    expect(r.error_details.error_detail).toEqual([{ error_code: 'isv.product-not-found', product_ids: { number: [Number(theirs)] } }]);
    expect((await info(a, one)).product_status_type).toBe('offline');
    expect((await info(b, theirs)).product_status_type).toBe('onSelling');
    const offline = await list(a, { product_status_type: 'offline', subject: 'Offline' });
    expect(offline.product_count).toBe(2);
    expect((await list(a, { product_status_type: 'onSelling', subject: 'Offline' })).product_count).toBe(0);
    expect((await pageOf(one)).html).toContain('<span id="status">offline</span>');

    const control = await buy(one);
    expect(control.status).toBe(409);
    const form = await fetch(`${sandbox.url}/sandbox/products/${one}/buy`, {
      method: 'POST',
      body: new URLSearchParams({
        sku_code: 'TEE-M',
        quantity: '1',
        first_name: 'Ann',
        last_name: 'Lee',
        country: 'US',
        province: 'CA',
        city: 'Fresno',
        address: '1 Main St',
        zip: '93701',
        phone_country: '+1',
        mobile_no: '5550100',
      }),
    });
    expect(form.status).toBe(409);
    expect(await form.text()).toContain('not on sale');
  });

  it('puts an offline product online again; a second offline of the same product fails for that product', async () => {
    const id = await post(a, 'Back online tee');
    expect(responseOf(OFFLINE, await call(a, OFFLINE, { product_ids: id })).result).toMatchObject({ success: true, modify_count: 1 });
    const again = responseOf(OFFLINE, await call(a, OFFLINE, { product_ids: id })).result;
    expect(again).toMatchObject({ success: false, modify_count: 0 });
    expect(again.error_details.error_detail[0].error_code).toBe('isv.product-already-offline');
    expect(responseOf(ONLINE, await call(a, ONLINE, { product_ids: id })).result).toMatchObject({ success: true, modify_count: 1 });
    expect((await info(a, id)).product_status_type).toBe('onSelling');
    expect((await buy(id)).status).toBe(200);
  });

  it('refuses more than 50 ids, ids that are not numbers and none', async () => {
    const ids = Array.from({ length: 51 }, (_v, i) => String(1005000000000001 + i)).join(';');
    expect(err(await call(a, OFFLINE, { product_ids: ids }))).toMatchObject({ code: '41', sub_code: 'isv.product-ids-count' });
    expect(err(await call(a, ONLINE, { product_ids: '12;abc' }))).toMatchObject({ code: '41', sub_code: 'isv.invalid-parameter' });
    expect(err(await call(a, OFFLINE, {}))).toMatchObject({ code: '40' });
  });

  it('deletes the shop’s products for good; one id of another shop deletes none', async () => {
    const mine = await post(a, 'Delete me tee');
    const theirs = await post(b, 'Keep me tee');
    expect(err(await call(a, DELETE, { product_ids: `${mine},${theirs}` }))).toMatchObject({
      code: '50',
      sub_code: 'isv.product-not-found',
    });
    expect((await info(a, mine)).product_id).toBe(Number(mine));
    expect(responseOf(DELETE, await call(a, DELETE, { product_ids: mine }))).toBeDefined();
    expect(err(await call(a, INFO, { product_id: mine }))).toMatchObject({ sub_code: 'isv.product-not-found' });
    expect((await pageOf(mine)).status).toBe(404);
    expect((await info(b, theirs)).product_status_type).toBe('onSelling');
  });
});

describe('catalogue', () => {
  it('answers the category tree by parent and refuses an unknown category', async () => {
    const top = responseOf(TREE, await call(a, TREE, { category_id: '0', filter_no_permission: 'true' }));
    expect(top.children_category_list.category_info.map((c: any) => c.children_category_id)).toEqual([200000345, 200000348, 200000351]);
    const kids = responseOf(TREE, await call(a, TREE, { category_id: '200000345' })).children_category_list.category_info;
    expect(kids.map((c: any) => [c.children_category_id, c.is_leaf_category, c.level])).toEqual([
      [200000346, true, 2],
      [200000347, true, 2],
    ]);
    expect(err(await call(a, TREE, { category_id: '123' }))).toMatchObject({ code: '41', sub_code: 'isv.category-invalid' });
  });

  it('answers a leaf’s SKU properties and values; refuses a parent and an unknown category', async () => {
    const q = (o: unknown) => call(a, SKU_ATTRS, { query_sku_attribute_info_request: JSON.stringify(o) });
    const r = responseOf(SKU_ATTRS, await q({ aliexpress_category_id: 200000349 })).result;
    const attrs = r.supporting_sku_attribute_list.supported_sku_attribute_dto;
    expect(attrs.map((x: any) => [x.aliexpress_sku_name, x.sku_attribute_name_id, x.support_customized_picture])).toEqual([
      ['Color', 14, true],
      ['Size', 5, false],
    ]);
    expect(attrs[1].aliexpress_sku_value_list.sku_value_simplified_info_dto.map((v: any) => v.aliexpress_sku_value_name)).toEqual([
      '11oz',
      '15oz',
    ]);
    expect(err(await q({ aliexpress_category_id: 200000348 }))).toMatchObject({ code: '50', sub_code: 'isv.category-not-leaf' });
    expect(err(await q({ aliexpress_category_id: 1 }))).toMatchObject({ code: '41', sub_code: 'isv.category-invalid' });
    expect(err(await q({}))).toMatchObject({ code: '40' });
  });

  it('lists the shop’s freight templates', async () => {
    const r = responseOf(FREIGHT, await call(a, FREIGHT));
    expect(r.result_success).toBe(true);
    expect(r.aeop_freight_template_d_t_o_list.aeopfreighttemplatedtolist).toEqual([
      { template_id: 1000, template_name: 'Standard shipping', is_default: true },
      { template_id: 1001, template_name: 'Free shipping', is_default: false },
    ]);
  });

  it('finds prohibited words of each type, per field, whole words only', async () => {
    const body = await call(a, WORDS, {
      category_id: '200000346',
      title: 'Nike style tee with a gun print',
      keywords: 'pokemon, burgundy',
      product_properties: '{"Material":"cotton"}',
      detail: '<p>Comes with a <b>lighter</b> and Disney art</p>',
    });
    const r = responseOf(WORDS, body).result;
    expect(r.title_prohibited_words).toEqual([
      { primary_word: 'gun', types: ['FORBIDEN_TYPE'] },
      { primary_word: 'nike', types: ['BRAND_TYPE'] },
    ]);
    expect(r.keywords_prohibited_words).toEqual([{ primary_word: 'pokemon', types: ['TORT_TYPE'] }]);
    expect(r.product_properties_prohibited_words).toEqual([]);
    expect(r.detail_prohibited_words).toEqual([
      { primary_word: 'lighter', types: ['RESTRICT_TYPE'] },
      { primary_word: 'disney', types: ['BRAND_TYPE', 'TORT_TYPE'] },
    ]);
  });

  it('refuses the prohibited-words check without a category or title, or with an unknown category', async () => {
    expect(err(await call(a, WORDS, { title: 'tee' }))).toMatchObject({ code: '40' });
    expect(err(await call(a, WORDS, { category_id: '200000346' }))).toMatchObject({ code: '40' });
    expect(err(await call(a, WORDS, { category_id: '5', title: 'tee' }))).toMatchObject({ code: '41', sub_code: 'isv.category-invalid' });
  });

  it('passes the gateway’s checks like any call: a wrong sign is refused', async () => {
    const body = await gateway(sandbox.url, a.creds, FREIGHT, {}, t, { tamper: (s) => s.toLowerCase() });
    expect(err(body).code).toBe('IncompleteSignature');
  });
});
