import { describe, expect, test } from 'vitest';
import { routes, SIMPLE_EXPORT_COLUMNS } from '@app/contract';
import { api } from './api';
import { makeFinished } from './finishedApi';
import { useBrowser } from './harness';

/**
 * Issue 15, the finished list's 店铺 column (docs/variants.md#the-shop-column): a product exported through the
 * API to three shops shows them on /finished, newest first — two as tags, the third counted, all three in the
 * tooltip; a product that reached no shop shows "--".
 */
const run = useBrowser('finished-shops');

describe('the 店铺 column', () => {
  test('shows the shops a product was exported to', async () => {
    const s = await run.session();
    const { page, shot } = s;
    await api(page.request, routes.register, { body: { username: `shops${Date.now().toString(36)}`, password: 'demo1234' } });
    const made = await makeFinished(page, ['SHOPS ONE', 'SHOPS TWO']);
    // Oldest first: the list shows the newest export's shop first.
    for (const name of ['Sunny Tees DE', 'Sunny Tees UK', 'Sunny Tees US']) {
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
      // Each export a second later than the one before (the order the column shows).
      await page.waitForTimeout(1100);
    }
    const listed = await api(page.request, routes.finishedList, { query: { pageSize: 20 } });
    expect(listed.list.find((r) => r.id === made[0]!.id)!.store).toBe('Sunny Tees US, Sunny Tees UK, Sunny Tees DE');

    await page.goto('/finished');
    const exported = page.locator('tr.ant-table-row', { hasText: made[0]!.key_id });
    const cell = exported.locator('.finished-shops');
    await cell.waitFor();
    expect(await cell.locator('.finished-shop-tag').allInnerTexts()).toEqual(['Sunny Tees US', 'Sunny Tees UK']);
    expect(await cell.innerText()).toContain('+1');
    const other = page.locator('tr.ant-table-row', { hasText: made[1]!.key_id });
    expect(await other.locator('.finished-shops').count()).toBe(0);
    expect(await other.innerText()).toContain('--');
    await cell.hover();
    await page.locator('.ant-tooltip').getByText('Sunny Tees US, Sunny Tees UK, Sunny Tees DE').waitFor();
    await shot('finished-shops');
  });
});
