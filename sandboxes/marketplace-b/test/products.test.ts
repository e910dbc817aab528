import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplaceB, type MarketplaceB } from '../src/index.js';
import { clientFor, newShop, png, productBody } from './client.js';

// Managing live products over real HTTP (docs/marketplace-b.md#managing-products): Get Product, Partial Edit,
// Update Price and Inventory, Activate / Deactivate / Delete, and the catalogue reads (attributes, brands,
// warehouses). Time is the sandbox's `now`, held still: the rate window is counted on it, not on the wall clock.
const clock = Date.UTC(2026, 0, 15, 12, 0, 0);
let sb: MarketplaceB;
beforeAll(async () => {
  sb = await startMarketplaceB({ now: () => clock });
});
afterAll(() => sb.close());

type Client = ReturnType<typeof clientFor>;
async function shopWithProduct() {
  const shop = await newShop(sb.url);
  const c = clientFor(sb.url, shop, { now: () => clock });
  const up = await c.upload(await png(800, 800));
  const made = await c.json('/product/202309/products', productBody(up.body.data.uri, shop));
  expect(made.body.code).toBe(0);
  return { shop, c, product: made.body.data as { product_id: string; skus: { id: string; seller_sku: string }[] } };
}
const get = (c: Client, id: string) => c.call('GET', `/product/202309/products/${id}`);
const edit = (c: Client, id: string, body: unknown) => c.json(`/product/202309/products/${id}/partial_edit`, body);
const prices = (c: Client, id: string, skus: unknown) => c.json(`/product/202309/products/${id}/prices/update`, { skus });
const stock = (c: Client, id: string, skus: unknown) => c.json(`/product/202309/products/${id}/inventory/update`, { skus });
const activate = (c: Client, ids: string[]) => c.json('/product/202309/products/activate', { product_ids: ids });
const deactivate = (c: Client, ids: string[]) => c.json('/product/202309/products/deactivate', { product_ids: ids });
const remove = (c: Client, ids: string[]) => c.call('DELETE', '/product/202309/products', { product_ids: ids });
const page = async (id: string) => (await fetch(`${sb.url}/sandbox/products/${id}`)).text();
const usd = (amount: string) => ({ amount, currency: 'USD' });

describe('Get Product', () => {
  it('answers the product as stored: title, status, category chain, images, SKUs with price, stock and attributes', async () => {
    const { c, shop, product } = await shopWithProduct();
    const res = await get(c, product.product_id);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d).toMatchObject({ id: product.product_id, status: 'ACTIVATE', title: 'Sandbox cotton T-shirt' });
    expect(d.category_chains.map((x: { id: string }) => x.id)).toEqual(['600001', '601152', '601226']);
    expect(d.main_images[0].urls[0]).toMatch(/\/sandbox\/images\//);
    expect(d.skus).toHaveLength(4);
    expect(d.skus[1]).toMatchObject({
      id: product.skus[1]!.id,
      seller_sku: 'TS-Red-M',
      price: { tax_exclusive_price: '19.99', currency: 'USD' },
      inventory: [{ warehouse_id: shop.warehouse_id, quantity: 100 }],
      sales_attributes: [
        { name: 'Color', value_name: 'Red' },
        { name: 'Size', value_name: 'M' },
      ],
    });
  });

  it("refuses an unknown product and another shop's alike (12052048), through the signed gate", async () => {
    const { product } = await shopWithProduct();
    const other = await shopWithProduct();
    expect((await get(other.c, product.product_id)).body.code).toBe(12052048);
    expect((await get(other.c, '1')).body.code).toBe(12052048);
    const unsigned = await fetch(`${sb.url}/product/202309/products/${product.product_id}`);
    expect(unsigned.status).toBe(401);
  });

  it('is counted by the rate limit', async () => {
    const { c, shop, product } = await shopWithProduct();
    await fetch(`${sb.url}/sandbox/shops/${shop.shop_id}/limits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rate_limit_per_second: 1 }),
    });
    expect((await get(c, product.product_id)).body.code).toBe(0);
    const second = await get(c, product.product_id);
    expect(second.status).toBe(429);
    expect(second.body.code).toBe(36009002);
  });
});

describe('Partial Edit Product', () => {
  it('changes the title (trimmed): Get Product, Search and the product page show it', async () => {
    const { c, product } = await shopWithProduct();
    const res = await edit(c, product.product_id, { title: '  Organic cotton tee  ' });
    expect(res.body.code).toBe(0);
    expect(res.body.data.product_id).toBe(product.product_id);
    expect(res.body.data.skus[0]).toMatchObject({ id: product.skus[0]!.id, seller_sku: 'TS-Red-S' });
    expect((await get(c, product.product_id)).body.data.title).toBe('Organic cotton tee');
    const found = await c.json('/product/202309/products/search', { seller_skus: ['TS-Red-S'] }, { query: { page_size: '10' } });
    expect(found.body.data.products[0].title).toBe('Organic cotton tee');
    const html = await page(product.product_id);
    expect(html).toContain('Organic cotton tee');
    expect(html).not.toContain('Sandbox cotton T-shirt');
  });

  it('refuses titles as Create does, and changes nothing when refused', async () => {
    const { c, product } = await shopWithProduct();
    expect((await edit(c, product.product_id, { title: '   ' })).body.code).toBe(12052051);
    expect((await edit(c, product.product_id, { title: 'x'.repeat(256) })).body.code).toBe(12052051);
    expect((await edit(c, product.product_id, { title: 'T恤' })).body.code).toBe(12052262);
    expect((await edit(c, product.product_id, { title: 'Tee 🔥' })).body.code).toBe(12052262);
    expect((await edit(c, product.product_id, { title: 5 })).body.code).toBe(12052003);
    expect((await edit(c, product.product_id, { title: 'New', description: 'd'.repeat(10_001) })).body.code).toBe(12052052);
    expect((await edit(c, product.product_id, { title: 'New', brand_id: '1' })).body.code).toBe(12052003);
    expect((await get(c, product.product_id)).body.data.title).toBe('Sandbox cotton T-shirt');
    expect((await edit(c, product.product_id, { title: 'x'.repeat(255) })).body.code).toBe(0);
  });

  it("refuses another shop's product (12052048) and a deleted one (12052049)", async () => {
    const { c, product } = await shopWithProduct();
    const other = await shopWithProduct();
    expect((await edit(other.c, product.product_id, { title: 'Mine now' })).body.code).toBe(12052048);
    expect((await remove(c, [product.product_id])).body.code).toBe(0);
    expect((await edit(c, product.product_id, { title: 'Back' })).body.code).toBe(12052049);
  });
});

describe('Update Price', () => {
  it('sets the price and crossed-out price per SKU id: Get Product and the page show them', async () => {
    const { c, product } = await shopWithProduct();
    const [a, b] = product.skus;
    const res = await prices(c, product.product_id, [
      { id: a!.id, price: usd('24.50'), list_price: usd('30.00') },
      { id: b!.id, price: usd('21.00') },
    ]);
    expect(res.body.code).toBe(0);
    const skus = (await get(c, product.product_id)).body.data.skus;
    expect(skus[0]).toMatchObject({ price: { tax_exclusive_price: '24.50' }, list_price: usd('30.00') });
    expect(skus[1].price.tax_exclusive_price).toBe('21.00');
    expect(skus[2].price.tax_exclusive_price).toBe('19.99');
    const html = await page(product.product_id);
    expect(html).toContain('<s>30.00 USD</s> 24.50 USD');
    expect(html).toContain('21.00 USD');
    // A kept list price no longer above the new price is dropped.
    expect((await prices(c, product.product_id, [{ id: a!.id, price: usd('35.00') }])).body.code).toBe(0);
    expect((await get(c, product.product_id)).body.data.skus[0].list_price).toBeUndefined();
  });

  it('refuses bad prices as Create does and unknown SKU ids, and changes nothing when any SKU is refused', async () => {
    const { c, product } = await shopWithProduct();
    const id = product.skus[0]!.id;
    const one = (sku: unknown) => prices(c, product.product_id, [{ id: product.skus[1]!.id, price: usd('50.00') }, sku]);
    expect((await one({ id, price: usd('0.00') })).body.code).toBe(12052073);
    expect((await one({ id, price: usd('7600.01') })).body.code).toBe(12052073);
    expect((await one({ id, price: { amount: 12, currency: 'USD' } })).body.code).toBe(12052073);
    expect((await one({ id, price: usd('12.00'), list_price: usd('11.00') })).body.code).toBe(12052074);
    expect((await one({ id: '42', price: usd('12.00') })).body.code).toBe(12052047);
    expect((await prices(c, product.product_id, [])).body.code).toBe(12052003);
    const skus = (await get(c, product.product_id)).body.data.skus;
    expect(skus.map((s: { price: { tax_exclusive_price: string } }) => s.price.tax_exclusive_price)).toEqual(Array(4).fill('19.99'));
    expect((await one({ id, price: usd('7600.00') })).body.code).toBe(0);
  });

  it('refuses a deleted product (12052049)', async () => {
    const { c, product } = await shopWithProduct();
    await remove(c, [product.product_id]);
    expect((await prices(c, product.product_id, [{ id: product.skus[0]!.id, price: usd('10.00') }])).body.code).toBe(12052049);
  });
});

describe('Update Inventory', () => {
  it("sets a SKU's quantity in the shop's warehouse (warehouse_id may be left out): the page shows it", async () => {
    const { c, shop, product } = await shopWithProduct();
    const [a, b] = product.skus;
    const res = await stock(c, product.product_id, [
      { id: a!.id, inventory: [{ warehouse_id: shop.warehouse_id, quantity: 7 }] },
      { id: b!.id, inventory: [{ quantity: 0 }] },
    ]);
    expect(res.body.code).toBe(0);
    const skus = (await get(c, product.product_id)).body.data.skus;
    expect(skus[0].inventory).toEqual([{ warehouse_id: shop.warehouse_id, quantity: 7 }]);
    expect(skus[1].inventory).toEqual([{ warehouse_id: shop.warehouse_id, quantity: 0 }]);
    expect(await page(product.product_id)).toContain('<td>7</td>');
  });

  it('refuses a quantity outside 0–999,999, another warehouse, an unknown SKU and a deleted product', async () => {
    const { c, product } = await shopWithProduct();
    const id = product.skus[0]!.id;
    expect((await stock(c, product.product_id, [{ id, inventory: [{ quantity: -1 }] }])).body.code).toBe(12052055);
    expect((await stock(c, product.product_id, [{ id, inventory: [{ quantity: 1_000_000 }] }])).body.code).toBe(12052055);
    expect((await stock(c, product.product_id, [{ id, inventory: [{ warehouse_id: '1', quantity: 3 }] }])).body.code).toBe(12052058);
    expect((await stock(c, product.product_id, [{ id: '42', inventory: [{ quantity: 3 }] }])).body.code).toBe(12052047);
    expect((await get(c, product.product_id)).body.data.skus[0].inventory[0].quantity).toBe(100);
    await remove(c, [product.product_id]);
    expect((await stock(c, product.product_id, [{ id, inventory: [{ quantity: 3 }] }])).body.code).toBe(12052049);
  });
});

describe('Activate, Deactivate, Delete', () => {
  const buyForm = (productId: string) =>
    fetch(`${sb.url}/sandbox/products/${productId}/buy`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ quantity: '1' }),
      redirect: 'manual',
    });
  const controlBuy = (shopId: string, productId: string) =>
    fetch(`${sb.url}/sandbox/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shop_id: shopId, product_id: productId }),
    });

  it('deactivates (SELLER_DEACTIVATED): not for sale by the form nor the control call; activated, it sells again', async () => {
    const { c, shop, product } = await shopWithProduct();
    const res = await deactivate(c, [product.product_id]);
    expect(res.body).toMatchObject({ code: 0, data: {} });
    expect(res.body.data.errors).toBeUndefined();
    expect((await get(c, product.product_id)).body.data.status).toBe('SELLER_DEACTIVATED');
    expect(await page(product.product_id)).toContain('SELLER_DEACTIVATED');
    expect((await buyForm(product.product_id)).status).toBe(400);
    expect((await controlBuy(shop.shop_id, product.product_id)).status).toBe(400);
    expect(sb.orderCount(shop.shop_id)).toBe(0);

    expect((await activate(c, [product.product_id])).body.code).toBe(0);
    expect((await get(c, product.product_id)).body.data.status).toBe('ACTIVATE');
    expect((await buyForm(product.product_id)).status).toBe(303);
    expect(sb.orderCount(shop.shop_id)).toBe(1);
  });

  it('lists per product id the ones it could not change, and changes the rest', async () => {
    const { c, product } = await shopWithProduct();
    const other = await shopWithProduct();
    const res = await deactivate(c, [product.product_id, other.product.product_id, '1']);
    expect(res.body.code).toBe(0);
    expect(res.body.data.errors).toEqual([
      { code: 12052048, message: expect.any(String), detail: { product_id: other.product.product_id } },
      { code: 12052048, message: expect.any(String), detail: { product_id: '1' } },
    ]);
    expect((await get(c, product.product_id)).body.data.status).toBe('SELLER_DEACTIVATED');
    expect((await get(other.c, other.product.product_id)).body.data.status).toBe('ACTIVATE');
  });

  it('deletes (DELETED): it cannot be activated nor deactivated again, nor bought, and Search leaves it out', async () => {
    const { c, shop, product } = await shopWithProduct();
    expect((await remove(c, [product.product_id])).body).toMatchObject({ code: 0, data: {} });
    expect((await get(c, product.product_id)).body.data.status).toBe('DELETED');
    const again = await activate(c, [product.product_id]);
    expect(again.body.data.errors).toEqual([{ code: 12052049, message: expect.any(String), detail: { product_id: product.product_id } }]);
    expect((await deactivate(c, [product.product_id])).body.data.errors[0].code).toBe(12052049);
    expect((await get(c, product.product_id)).body.data.status).toBe('DELETED');
    expect((await buyForm(product.product_id)).status).toBe(400);
    expect((await controlBuy(shop.shop_id, product.product_id)).status).toBe(400);
    const search = (status?: string) => c.json('/product/202309/products/search', status ? { status } : {}, { query: { page_size: '10' } });
    expect((await search()).body.data.total_count).toBe(0);
    expect((await search('ALL')).body.data.total_count).toBe(0);
    expect((await search('DELETED')).body.data.products[0].id).toBe(product.product_id);
  });

  it('refuses a missing, empty or over-20 product_ids (12052003)', async () => {
    const { c, product } = await shopWithProduct();
    expect((await c.json('/product/202309/products/deactivate', {})).body.code).toBe(12052003);
    expect((await deactivate(c, [])).body.code).toBe(12052003);
    expect((await remove(c, Array(21).fill(product.product_id))).body.code).toBe(12052003);
    expect((await get(c, product.product_id)).body.data.status).toBe('ACTIVATE');
    expect((await remove(c, Array(20).fill(product.product_id))).body.code).toBe(0);
  });
});

describe('Get Attributes, Get Brands, Get Warehouse List', () => {
  it("answers a leaf category's sales and product attributes, with values for some", async () => {
    const { c } = await shopWithProduct();
    const res = await c.call('GET', '/product/202309/categories/601226/attributes');
    expect(res.body.code).toBe(0);
    const byName = new Map(res.body.data.attributes.map((a: { name: string }) => [a.name, a]));
    expect(byName.get('Color')).toMatchObject({
      type: 'SALES_PROPERTY',
      values: expect.arrayContaining([{ id: expect.any(String), name: 'Red' }]),
    });
    expect(byName.get('Size')).toMatchObject({ type: 'SALES_PROPERTY' });
    expect(byName.get('Material')).toMatchObject({ type: 'PRODUCT_PROPERTY', is_requried: true, is_multiple_selection: true });
    expect((await c.call('GET', '/product/202309/categories/601739/attributes')).body.data.attributes.length).toBeGreaterThan(0);
  });

  it('refuses a category that is not a leaf or unknown (12052024)', async () => {
    const { c } = await shopWithProduct();
    expect((await c.call('GET', '/product/202309/categories/601152/attributes')).body.code).toBe(12052024);
    expect((await c.call('GET', '/product/202309/categories/999/attributes')).body.code).toBe(12052024);
  });

  it('pages the brands by page_size and page_token; page_size is required', async () => {
    const { c } = await shopWithProduct();
    const first = await c.call('GET', '/product/202309/brands', undefined, { query: { page_size: '2' } });
    expect(first.body.code).toBe(0);
    expect(first.body.data.brands).toHaveLength(2);
    expect(first.body.data.total_count).toBe(5);
    const seen = [...first.body.data.brands];
    let token: string = first.body.data.next_page_token;
    while (token) {
      const next = await c.call('GET', '/product/202309/brands', undefined, { query: { page_size: '2', page_token: token } });
      seen.push(...next.body.data.brands);
      token = next.body.data.next_page_token;
    }
    expect(new Set(seen.map((b: { id: string }) => b.id)).size).toBe(5);
    expect(seen[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), authorized_status: 'AUTHORIZED' });
    const named = await c.call('GET', '/product/202309/brands', undefined, { query: { page_size: '10', brand_name: 'prints' } });
    expect(named.body.data.brands.map((b: { name: string }) => b.name)).toEqual(['Sandbox Prints']);
    expect((await c.call('GET', '/product/202309/brands')).body.code).toBe(12052003);
    expect((await c.call('GET', '/product/202309/brands', undefined, { query: { page_size: '101' } })).body.code).toBe(12052003);
  });

  it("answers the shop's own warehouse, the default", async () => {
    const { c, shop } = await shopWithProduct();
    const res = await c.call('GET', '/logistics/202309/warehouses');
    expect(res.body.code).toBe(0);
    expect(res.body.data.warehouses).toEqual([
      expect.objectContaining({ id: shop.warehouse_id, is_default: true, type: 'SALES_WAREHOUSE', effect_status: 'ENABLED' }),
    ]);
  });
});
