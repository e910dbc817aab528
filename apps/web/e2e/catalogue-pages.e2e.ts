import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { routes } from '@app/contract';
import { api } from './api';
import { demoTshirt, importDemoJersey } from './catalogue';
import { logIn, useBrowser, waitForPath } from './harness';

const browser = useBrowser('catalogue-pages');

const TSHIRT = '经典纯棉圆领T恤';
/** The demo jersey: tag 新品 (0), level 1, in 运动服; the T-shirt is 热销 (2), level 0, in T恤. */
const JERSEY = '定制足球球衣（号码+姓名）';

beforeAll(() => importDemoJersey(inject('dataDir')), 60_000);

const grid = (page: Page) => page.getByRole('list', { name: '产品库' });
/** Shown products of the grid (other e2e files may import more blanks into the shared server, so only these two are checked). */
const OURS = [TSHIRT, JERSEY];
/**
 * Waits until, of the T-shirt and the jersey, the grid shows exactly `names` (the previous page stays while the
 * next loads; on a busy CI machine a search can take more than the poll's default second).
 */
async function expectGrid(page: Page, names: string[]) {
  await expect
    .poll(
      async () => {
        const shown = await grid(page)
          .getByRole('listitem')
          .getByRole('link')
          .evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')));
        return OURS.filter((n) => shown.includes(n));
      },
      { timeout: 10_000 },
    )
    .toEqual(OURS.filter((n) => names.includes(n)));
}
const radio = (page: Page, group: '标签' | '等级', name: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(name, { exact: true });

describe('the product catalogue', () => {
  test('from the side menu: filter by category, tag and name, open the T-shirt, start designing the chosen colour and size', async () => {
    const s = await browser.session();
    const { page } = s;
    await logIn(page, 'demo');
    const { product } = await demoTshirt(page.request);

    await page.locator('.ant-layout-sider').getByRole('link', { name: '产品库 / 新建设计' }).click();
    await waitForPath(page, '/products');
    await expectGrid(page, [TSHIRT, JERSEY]);
    // The demo account is V2: v3 is marked as out of reach, v0–v2 are not.
    await page.getByText('你的会员等级为 V2，可使用 v0–v2 的产品').waitFor();
    expect(await page.getByRole('radiogroup', { name: '等级' }).getByLabel('需要会员等级 V3').count()).toBe(1);
    expect(await page.getByRole('radiogroup', { name: '等级' }).getByLabel('需要会员等级 V2').count()).toBe(0);
    const card = grid(page).getByRole('link', { name: TSHIRT });
    await card.getByText('¥39 起').waitFor();
    expect(await card.getByRole('img', { name: '姜黄' }).count()).toBe(1);
    await card.getByText('S / M / L / XL / XXL').waitFor();
    await s.shot('01-products');

    await page.getByRole('tree', { name: '产品分类' }).getByText('运动服', { exact: true }).click();
    await expectGrid(page, [JERSEY]);
    await page.getByRole('tree', { name: '产品分类' }).getByText('T恤', { exact: true }).click();
    await expectGrid(page, [TSHIRT]);
    await page.getByRole('tree', { name: '产品分类' }).getByText('全部分类', { exact: true }).click();
    await expectGrid(page, [TSHIRT, JERSEY]);

    await radio(page, '标签', '新品').click();
    await expectGrid(page, [JERSEY]);
    await radio(page, '标签', '热销').click();
    await expectGrid(page, [TSHIRT]);
    await radio(page, '标签', '全部').click();
    await radio(page, '等级', 'v1').click();
    await expectGrid(page, [JERSEY]);
    await radio(page, '等级', '全部').click();

    await page.getByRole('searchbox', { name: '搜索产品名称' }).fill('球衣');
    await page.getByRole('searchbox', { name: '搜索产品名称' }).press('Enter');
    await expectGrid(page, [JERSEY]);
    await page.getByRole('searchbox', { name: '搜索产品名称' }).fill('T恤');
    await page.getByRole('searchbox', { name: '搜索产品名称' }).press('Enter');
    await expectGrid(page, [TSHIRT]);

    await page.getByRole('searchbox', { name: '搜索产品名称' }).fill('没有这种产品');
    await page.getByRole('searchbox', { name: '搜索产品名称' }).press('Enter');
    await page.getByText('没有符合条件的产品').waitFor();
    await page.getByRole('searchbox', { name: '搜索产品名称' }).fill('T恤');
    await page.getByRole('searchbox', { name: '搜索产品名称' }).press('Enter');
    await grid(page).getByRole('link', { name: TSHIRT }).click();
    await waitForPath(page, '/productdtl', `?id=${product.id}`);
    await page.getByRole('heading', { name: TSHIRT }).waitFor();
    const black = product.attr_list.find((a) => a.color === '黑色' && a.size === 'XXL')!;
    await page.getByRole('group', { name: '颜色' }).getByRole('button', { name: '黑色' }).click();
    await page.getByRole('radiogroup', { name: '尺码' }).getByText('XXL', { exact: true }).click();
    // The photo is the blank in black, the price that of XXL.
    await expect.poll(() => page.getByTestId('product-photo').getAttribute('src')).toBe(black.templates[0]);
    await page.getByLabel('价格', { exact: true }).getByText(`¥${black.price}`).waitFor();
    await page.getByText('将以 黑色 / XXL 打开设计编辑器').waitFor();
    await page.getByText('正面', { exact: true }).first().waitFor();
    await s.shot('02-productdtl');

    await page.getByRole('button', { name: '开始设计' }).click();
    await waitForPath(page, '/design', `?product_id=${product.id}&attr_id=${black.id}`);
    await page.locator('[data-testid="editor-stage"] canvas').first().waitFor();
  });

  test('a blank above the account’s level says so and offers no design button', async () => {
    const s = await browser.session();
    const { page } = s;
    const username = `cat${Date.now().toString(36)}`;
    // A new main account is V0; registering logs the browser in.
    await api(page.request, routes.register, { body: { username, password: 'rival-pass-123' } });
    const { product_list } = await api(page.request, routes.productList, { query: { name: '球衣', pageNumber: 1, pageSize: 20 } });
    const jersey = product_list.find((p) => p.name === JERSEY)!;

    await page.goto('/products');
    await expectGrid(page, [TSHIRT, JERSEY]);
    await grid(page).getByRole('link', { name: JERSEY }).getByText('需要会员等级 V1').waitFor();
    await grid(page).getByRole('link', { name: JERSEY }).click();
    await waitForPath(page, '/productdtl', `?id=${jersey.id}`);
    await page.getByText('你的会员等级 V0 不能设计这款产品（需要 V1）').waitFor();
    expect(await page.getByRole('button', { name: '开始设计' }).count()).toBe(0);
    await s.shot('03-productdtl-refused');
    await page.locator('.ant-layout-header').getByText('EN', { exact: true }).click();
    await page.getByText('Your membership level V0 may not design this product (it needs V1)').waitFor();
    await s.shot('04-productdtl-refused-en');
    await page.locator('.ant-layout-header').getByText('中文', { exact: true }).click();

    // The T-shirt (v0) is theirs to design.
    await page.getByRole('link', { name: '返回产品库' }).click();
    await grid(page).getByRole('link', { name: TSHIRT }).click();
    await page.getByRole('button', { name: '开始设计' }).waitFor();

    // A direct editor link to it says the same instead of an editor whose every save would be refused.
    await page.goto(`/design?product_id=${jersey.id}`);
    await page.locator('.ant-result-title').getByText('你的会员等级 V0 不能设计这款产品（需要 V1）').waitFor();
    expect(await page.getByTestId('editor-stage').count()).toBe(0);
    await s.shot('05-editor-refused');
  });

  test('an unknown product says so and leads back to the catalogue', async () => {
    const { page } = await browser.session();
    await logIn(page, 'demo');
    await page.goto('/productdtl?id=999999');
    await page.getByText('没有这款产品').waitFor();
    await page.getByRole('link', { name: '返回产品库' }).click();
    await waitForPath(page, '/products');
  });

  test('the home cards open the catalogue and the finished products; no page calls them "coming"', async () => {
    const s = await browser.session();
    const { page } = s;
    await page.goto('/login');
    await page.getByText('从产品库选款，在设计编辑器中设计，自动生成成品效果图').waitFor();
    expect(await page.getByText(/即将上线|开发中/).count()).toBe(0);

    await logIn(page, 'demo');
    const main = page.locator('main');
    await main.getByRole('link', { name: '产品库' }).waitFor();
    expect(await page.getByText(/即将上线|开发中/).count()).toBe(0);
    await s.shot('05-home');
    await main.getByRole('link', { name: '产品库' }).click();
    await waitForPath(page, '/products');
    await expectGrid(page, [TSHIRT, JERSEY]);

    await page.goBack();
    await main.getByRole('link', { name: '成品管理' }).click();
    await waitForPath(page, '/finished');
  });
});
