import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test, vi } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { generatedCode, routes } from '@app/contract';
import { api } from './api';
import { finishedVariants, makeFinished } from './finishedApi';
import { buttonName, logIn, toast, useBrowser, waitForPath, windowShot } from './harness';

/**
 * One seller's listing tools through to a file (docs/listing-tools.md): on /barcodes a generator and an imported
 * pool, a title template and a price rule (their pages have their own tests: made here through the API), the shop's
 * barcode maker chosen on /stores, then an export of two products — the pre-flight seen, the file downloaded and read
 * back: every child row carries a code of the pool, the template's title and the price the rule raised.
 * Names and codes carry a per-run stamp: the e2e server is shared by the run's files.
 */
const run = useBrowser('listing-flow');

const dialog = (page: Page) => page.getByRole('dialog');
/** Chooses `items` in the dialog's cascader `label` (clicked again when a click goes unseen on a loaded machine). */
async function pick(page: Page, label: string, items: string[]) {
  const open = page.locator('.ant-cascader-dropdown:visible');
  await vi.waitFor(
    async () => {
      if ((await open.count()) === 0) await dialog(page).getByLabel(label).click({ timeout: 2_000 });
      for (const text of items)
        await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: text }).click({ timeout: 2_000 });
      await expect.poll(() => open.count(), { timeout: 1_500 }).toBe(0);
    },
    { timeout: 30_000, interval: 300 },
  );
}
/** Chooses the option titled `title` in the dialog's select named `label`. */
async function choose(page: Page, label: string, title: string) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`).click();
}

describe('listing tools to a flat file', () => {
  test('barcodes, a title template, a price rule and the shop’s maker reach the exported file', async () => {
    const { page, shot } = await run.session();
    const stamp = Date.now().toString(36).toUpperCase();
    const SHOP = `Flow shop ${stamp}`;
    await logIn(page, 'demo');

    // The products first (composing takes a while): two T-shirts, and how many variants they have.
    const made = await makeFinished(page, [`FLOW ONE ${stamp}`, `FLOW TWO ${stamp}`]);
    const variantCount = (await Promise.all(made.map((m) => finishedVariants(page.request, m.id)))).flat().length;

    // 条码管理: a generator from a prefix of this run, and a pool of pasted codes, enough for every variant.
    const prefix = `2${String(Date.now()).slice(-8)}`;
    const pasted = Array.from({ length: variantCount + 2 }, (_, ref) => generatedCode(`3${prefix.slice(1)}`, 'EAN', ref));
    await page.locator('.ant-layout-sider').getByRole('link', { name: '条码管理' }).click();
    await waitForPath(page, '/barcodes');
    await page.getByRole('button', { name: '按前缀生成' }).click();
    await dialog(page).getByLabel('名称').fill(`前缀 ${stamp}`);
    await dialog(page).getByLabel('GS1 厂商识别码').fill(prefix);
    await dialog(page).getByLabel('数量').fill('5');
    await dialog(page)
      .getByRole('button', { name: buttonName('生成') })
      .click();
    await toast(page, '已生成 5 个条码（跳过已有 0 个）').waitFor();
    await page.getByRole('button', { name: '导入条码' }).click();
    await dialog(page).getByLabel('条码池名称').fill(`池 ${stamp}`);
    await dialog(page).getByLabel('条码（每行一个）').fill(pasted.join('\n'));
    await dialog(page)
      .getByRole('button', { name: buttonName('导入') })
      .click();
    // Every line taken: the dialog closes with a toast (a refused line would keep it open with the report).
    await toast(page, `已导入 ${pasted.length} 个条码`).waitFor();
    const makers = page
      .locator('.ant-card')
      .filter({ has: page.locator('.ant-card-head-title', { hasText: /^条码来源$/ }) })
      .locator('.ant-table-tbody tr.ant-table-row');
    await makers.filter({ hasText: `池 ${stamp}` }).waitFor();
    await makers.filter({ hasText: `前缀 ${stamp}` }).waitFor();
    await windowShot(page, run.dir, '01-barcodes-page');

    // A shop on the large marketplace with an Amazon template; a title template; a pricing template whose one rule
    // adds 3.00, and its twin without the rule (what the prices are without it).
    const shop = await api(page.request, routes.storeAdd, { body: { pid: 1, name: SHOP } });
    const site = (await api(page.request, routes.templateSiteList)).list[0]!.value;
    const category = (await api(page.request, routes.templateCategoryList, { query: { site } })).list[0]!.value;
    const feed = (await api(page.request, routes.templateFeedTypeList, { query: { category } })).list[0]!.value;
    const item = (await api(page.request, routes.templateItemTypeList, { query: { feed_product_type: feed } })).list[0]!.value;
    await api(page.request, routes.templateAmazonAdd, {
      body: {
        store_id: shop.id,
        name: `Flow tees ${stamp}`,
        site,
        category,
        feed_product_type: feed,
        item_type: item,
        brand_name: 'Sunny',
        quantity: 20,
      },
    });
    const titles = await api(page.request, routes.titleTemplateAdd, {
      body: { name: `Flow titles ${stamp}`, template: 'Sunny Days Tee {color} {size} {shop}' },
    });
    const rule = await api(page.request, routes.priceRuleAdd, {
      body: {
        name: `Plus 3 ${stamp}`,
        action: 'add',
        unit: 'amount',
        value: 3,
        sizes: [],
        colors: [],
        category_ids: [],
        price_min: null,
        price_max: null,
      },
    });
    const numbers = {
      platform_type: 1,
      currency_code: 'USD',
      shipping: 0,
      exchange_rate: 7.2,
      margin: 0.2,
      platform_fee: 0.15,
      tax_rate: 0,
      discount: 0,
      rounding: 'cent',
      crossed_out_rounding: 'none',
    };
    const pricing = await api(page.request, routes.priceTemplateAdd, {
      body: { name: `Flow price ${stamp}`, ...numbers, rule_ids: [rule.id] },
    });
    const twin = await api(page.request, routes.priceTemplateAdd, { body: { name: `Flow twin ${stamp}`, ...numbers } });

    // The shop's barcode maker, on the shops page: the pool.
    await page.goto('/stores');
    await page.getByRole('combobox', { name: `条码来源 ${SHOP}` }).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="池 ${stamp} (${pasted.length})"]`).click();
    await toast(page, `“${SHOP}”的条码来源已更新`).waitFor();

    // The export: both products, the shop, its template, the pricing template and the title template.
    await page.goto('/finished');
    for (const m of made)
      await page.locator('.finished-table tr.plain-table-row', { hasText: m.key_id }).getByText('经典纯棉圆领T恤').first().click();
    await expect.poll(() => page.getByTestId('selected-count').innerText()).toContain('已选 2 项');
    await page.getByRole('button', { name: '批量导出亚马逊格式' }).click();
    await dialog(page).getByRole('tab', { name: '离线导出' }).waitFor();
    await pick(page, '店铺', ['亚马逊', SHOP]);
    await pick(page, '产品模板', ['亚马逊模板', `Flow tees ${stamp}`]);
    await choose(page, '价格模板', `Flow price ${stamp}`);
    await choose(page, '标题模板', `Flow titles ${stamp}`);
    // The pre-flight: both go, with the template's titles.
    const preflight = dialog(page).getByTestId('export-preflight');
    await preflight.getByText('检查通过：2 个成品都可以导出').waitFor({ timeout: 30_000 });
    // Each product's title named by its number (both get the same family title).
    const titleList = dialog(page).getByTestId('export-preflight-titles').locator('li');
    await expect
      .poll(() => titleList.allInnerTexts())
      .toEqual(expect.arrayContaining(made.map((m) => `${m.key_id}：Sunny Days Tee ${SHOP}`)));
    await windowShot(page, run.dir, '02-export-preflight');
    await dialog(page)
      .getByRole('button', { name: buttonName('确认导出') })
      .click();
    await waitForPath(page, '/export-records');
    const record = page.locator('.export-records tr.ant-table-row', { hasText: SHOP }).first();
    await record.locator('[data-status="done"]').waitFor({ timeout: 60_000 });
    await shot('03-records');

    // The file, read back.
    const [download] = await Promise.all([page.waitForEvent('download'), record.getByRole('link', { name: /下载/ }).click()]);
    const sheet = XLSX.read(readFileSync(await download.path()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1, defval: '' });
    const fieldRow = rows.findIndex((r) => r.includes('item_sku'));
    const col = (f: string) => rows[fieldRow]!.indexOf(f);
    const children = rows.slice(fieldRow + 1).filter((r) => r[col('parent_child')] === 'child');
    expect(children).toHaveLength(variantCount);

    // Every child: a code of the pool, each once, as EAN.
    const codes = children.map((r) => String(r[col('external_product_id')]));
    expect(codes.every((c) => pasted.includes(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(children.map((r) => r[col('external_product_id_type')]))).toEqual(new Set(['EAN']));

    // The titles the template makes (the same filling as the preview call) and the prices the rule raised by 3.00.
    for (const m of made) {
      const preview = await api(page.request, routes.titleTemplatePreview, {
        body: { template: titles.id, finished_id: m.id, shop_id: shop.id },
      });
      const priced = async (pricing_template_id: number) =>
        (await api(page.request, routes.aliexpressVariantPrice, { body: { pricing_template_id, products: [{ id: m.id }] } })).list[0]!
          .colorSizes;
      const [withRule, without] = [await priced(pricing.id), await priced(twin.id)];
      for (const [i, v] of withRule.entries()) {
        const row = children.find((r) => r[col('item_sku')] === v.sku_code);
        expect(row, v.sku_code).toBeDefined();
        expect(row![col('item_name')]).toBe(preview.variants.find((p) => p.variant_id === v.id)!.title);
        expect(Number(row![col('standard_price')])).toBe(v.price);
        expect(v.price).toBeCloseTo(without[i]!.price + 3, 2);
      }
    }
  });
});
