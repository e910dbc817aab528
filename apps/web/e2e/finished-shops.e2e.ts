import { describe, expect, test } from 'vitest';
import { routes, SIMPLE_EXPORT_COLUMNS } from '@app/contract';
import { api } from './api';
import { finishedVariants, makeFinished } from './finishedApi';
import { baseURL, useBrowser, windowShot } from './harness';

/**
 * The finished list's 店铺 column (docs/variants.md#the-shop-column): a product exported through the
 * API to three shops shows them on /finished, newest first — two as tags, the third counted, all three in the
 * tooltip; a shop whose name holds ", " is one tag (the row's `stores` list, not the joined `store` text); a product that reached no shop shows "--". In the edit drawer a variant is bound to a remote SKU
 * of a marketplace B shop and unbound again (bindSkuCompare / delSkuCompare, docs/variants.md#sku-bindings). A parent's shop list holds
 * its sub-account's shops too, but a variant binds only to a shop of its own account: the parent's product is
 * offered the parent's shop, the sub-account's product the sub-account's.
 */
const run = useBrowser('finished-shops');

describe('the 店铺 column', () => {
  test('shows the shops a product was exported to', async () => {
    const s = await run.session();
    const { page, shot } = s;
    const parentName = `shops${Date.now().toString(36)}`;
    await api(page.request, routes.register, { body: { username: parentName, password: 'rival-pass-123' } });
    const made = await makeFinished(page, ['SHOPS ONE', 'SHOPS TWO']);
    // Oldest first: the list shows the newest export's shop first.
    for (const name of ['Sunny Tees DE', 'Sunny Tees UK', 'Sunny Tees, US']) {
      const shop = await api(page.request, routes.storeAdd, { body: { pid: 1, name } });
      const template = await api(page.request, routes.templateAdd, {
        body: { store_id: shop.id, name: `${name} simple`, format: 6, columns: [...SIMPLE_EXPORT_COLUMNS] },
      });
      const started = await api(page.request, routes.finishedExports, {
        query: { ids: String(made[0]!.id), store_id: shop.id, template_id: template.id, format: 6 },
      });
      await expect
        .poll(async () => (await api(page.request, routes.exportList)).list.find((r) => r.id === started.export_id)?.status, {
          timeout: 60_000,
          interval: 300,
        })
        .toBe('done');
      // Each export a second later than the one before (the order the column shows): the next starts once
      // the clock (the server's, on this machine) has left this one's second.
      const { createtime } = (await api(page.request, routes.exportList)).list.find((r) => r.id === started.export_id)!;
      await expect.poll(() => Math.floor(Date.now() / 1000), { timeout: 5_000, interval: 50 }).toBeGreaterThan(createtime);
    }
    const listed = await api(page.request, routes.finishedList, { query: { pageSize: 20 } });
    const row = listed.list.find((r) => r.id === made[0]!.id)!;
    expect(row.store).toBe('Sunny Tees, US, Sunny Tees UK, Sunny Tees DE');
    expect(row.stores).toEqual(['Sunny Tees, US', 'Sunny Tees UK', 'Sunny Tees DE']);

    await page.goto('/finished');
    const exported = page.locator('.finished-table tr.plain-table-row', { hasText: made[0]!.key_id });
    const cell = exported.locator('.finished-shops');
    await cell.waitFor();
    expect(await cell.locator('.finished-shop-tag').allInnerTexts()).toEqual(['Sunny Tees, US', 'Sunny Tees UK']);
    expect(await cell.innerText()).toContain('+1');
    const other = page.locator('.finished-table tr.plain-table-row', { hasText: made[1]!.key_id });
    expect(await other.locator('.finished-shops').count()).toBe(0);
    expect(await other.innerText()).toContain('--');
    await cell.hover();
    await page.locator('.ant-tooltip').getByText('Sunny Tees, US, Sunny Tees UK, Sunny Tees DE').waitFor();
    await shot('finished-shops');

    // The edit drawer: bind the first variant to a TikTok Shop SKU, then unbind it.
    await api(page.request, routes.storeAdd, { body: { pid: 15, name: 'Sunny Tik' } });
    // A sub-account with a TikTok shop and a product of its own.
    const subName = `${parentName}-sub`;
    await api(page.request, routes.createChild, { body: { username: subName, password: 'rival-pass-123' } });
    const sub = await run.browser.newContext({ baseURL });
    let subMade: Awaited<ReturnType<typeof makeFinished>>;
    try {
      await api(sub.request, routes.login, { body: { username: subName, password: 'rival-pass-123' } });
      await api(sub.request, routes.storeAdd, { body: { pid: 15, name: 'Sub Tik' } });
      subMade = await makeFinished(await sub.newPage(), ['SUB ONE']);
    } finally {
      await sub.close();
    }
    await page.reload();
    const variant = (await finishedVariants(page.request, made[0]!.id))[0]!;
    await exported.getByRole('link', { name: '编辑成品' }).click();
    const cellOf = page.getByTestId(`sku-bindings-${variant.key_id}`);
    await cellOf.waitFor();
    await cellOf.getByRole('button', { name: `绑定 ${variant.key_id} 的平台 SKU` }).click();
    const pop = page.locator('.ant-popover:visible');
    await pop.getByLabel('速卖通或 TikTok Shop 店铺').click();
    // Only marketplace A and B shops of the product's own account are offered (not the sub-account's Sub Tik).
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // The dropdown may still be opening (its items re-rendered): look until it settles.
    await expect.poll(() => options.allInnerTexts()).toEqual(['Sunny Tik']);
    await options.first().click();
    await pop.getByLabel('平台 SKU ID').fill('TK-SKU-77');
    await pop.getByRole('button', { name: /^绑\s*定$/ }).click();
    await cellOf.getByText('Sunny Tik · TK-SKU-77').waitFor();
    const bound = await api(page.request, routes.finishedSkuCompareList, { query: { finished_id: made[0]!.id } });
    expect(bound.list.map((b) => [b.key_id, b.remote_sku_id])).toEqual([[variant.key_id, 'TK-SKU-77']]);
    // The window as the seller sees it (a full-page capture shifts the drawer's fixed layout).
    await windowShot(page, run.dir, 'finished-sku-bound');
    await cellOf.locator('.ant-tag-close-icon').click();
    await page.locator('.ant-modal-confirm-title', { hasText: '解除 Sunny Tik 的 SKU TK-SKU-77 绑定？' }).waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => cellOf.getByText('Sunny Tik · TK-SKU-77').count()).toBe(0);
    expect((await api(page.request, routes.finishedSkuCompareList, { query: { finished_id: made[0]!.id } })).list).toEqual([]);

    // The sub-account's product, edited by the parent: only the sub-account's shop.
    await page.goto('/finished');
    const subVariant = (await finishedVariants(page.request, subMade[0]!.id))[0]!;
    await page
      .locator('.finished-table tr.plain-table-row', { hasText: subMade[0]!.key_id })
      .getByRole('link', { name: '编辑成品' })
      .click();
    const subCell = page.getByTestId(`sku-bindings-${subVariant.key_id}`);
    await subCell.getByRole('button', { name: `绑定 ${subVariant.key_id} 的平台 SKU` }).click();
    await page.locator('.ant-popover:visible').getByLabel('速卖通或 TikTok Shop 店铺').click();
    await expect.poll(() => options.allInnerTexts()).toEqual(['Sub Tik']);
  }, 180_000);
});
