import { describe, expect, test } from 'vitest';
import { routes } from '@app/contract';
import { api } from './api';
import { makeFinished } from './finishedApi';
import { logIn, toast, useBrowser, windowShot } from './harness';

/**
 * The listing names in the edit drawer (docs/finished.md#listing-names): a product made on the demo T-shirt shows
 * its colours' English names and families and its sizes' English names; the seller renames a colour (name and
 * family) and a size and saves; a Chinese name is marked and not sent.
 */
const run = useBrowser('listing-names');

describe('listing names', () => {
  test('renames a colour and a size in the edit drawer', async () => {
    const s = await run.session();
    const { page } = s;
    await logIn(page, 'demo');
    const [made] = await makeFinished(page, ['NAMES']);
    await page.goto('/finished');
    await page.locator('.finished-table tr.plain-table-row', { hasText: made!.key_id }).getByRole('link', { name: '编辑成品' }).click();
    const panel = page.getByTestId('listing-names');
    await panel.waitFor();
    const white = panel.getByLabel('白色 的英文名');
    await expect.poll(() => white.inputValue(), { timeout: 30_000 }).toBe('White');
    expect(await panel.getByLabel('藏青 的英文名').inputValue()).toBe('Navy');

    // A Chinese name is marked and refused on the page, nothing sent.
    await white.fill('白 Snow');
    await panel.getByRole('button', { name: '保存上架名称' }).click();
    await toast(page, '上架名称只能用英文：白色').waitFor();
    expect((await api(page.request, routes.finishedListingNames, { query: { id: made!.id } })).colors[0]!.en).toBe('White');

    await white.fill('Snow White');
    await panel.getByLabel('藏青 的颜色分类').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Black$/ }).click();
    await panel.getByLabel('XXL 的英文名').fill('2XL');
    await panel.getByRole('button', { name: '保存上架名称' }).click();
    await toast(page, '上架名称已保存').waitFor();
    const saved = await api(page.request, routes.finishedListingNames, { query: { id: made!.id } });
    expect(saved.colors[0]).toMatchObject({ color: '白色', en: 'Snow White', family: 'White' });
    expect(saved.colors[3]).toMatchObject({ color: '藏青', en: 'Navy', family: 'Black' });
    expect(saved.sizes.find((x) => x.size === 'XXL')?.en).toBe('2XL');
    await windowShot(page, run.dir, 'listing-names-saved');
  });
});
