import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { routes } from '@app/contract';
import { api } from './api';
import { buttonName, toast, useBrowser, waitForPath } from './harness';

/**
 * The marketplaces' product templates (docs/market-templates.md): /tiktok-templates and
 * /aliexpress-templates — the empty state before a shop exists, then a template of each created, edited
 * and deleted, with the form's and the server's refusals shown to the seller.
 */
const browser = useBrowser('market-templates', { demoTshirt: false });

const drawer = (page: Page) => page.locator('.ant-drawer-open');
const row = (page: Page, name: string) => page.locator('.ant-table-row', { hasText: name });
const fieldError = (page: Page, text: string) => drawer(page).locator('.ant-form-item-explain-error', { hasText: text });
/**
 * The drawer's save button. Its name is matched at the end: after a refused save antd can leave the
 * (invisible: zero width, transparent) loading icon's leave motion in the button, named "loading".
 */
const save = (page: Page) =>
  drawer(page)
    .getByRole('button', { name: /保\s*存\s*$/ })
    .click();

/** Opens the Select labelled `label` inside `scope` and picks the option titled `option`. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').locator(`.ant-select-item-option[title="${option}"]`).click();
}

/** The shop picker offers exactly `names`. */
async function shopOptions(page: Page) {
  await drawer(page).getByLabel('店铺', { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await options.first().waitFor();
  const titles = await options.evaluateAll((els) => els.map((e) => e.getAttribute('title')));
  await page.keyboard.press('Escape');
  return titles;
}

async function confirmDelete(page: Page, name: string) {
  await row(page, name)
    .getByRole('button', { name: new RegExp(`删除 ${name}`) })
    .click();
  await page.locator('.ant-popconfirm').getByText('是否确认删除?').waitFor();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: buttonName('删除') })
    .click();
  await toast(page, `模板“${name}”已删除`).waitFor();
  await expect.poll(() => row(page, name).count()).toBe(0);
}

describe('marketplace templates pages', () => {
  test('TikTok: the empty state sends to the shops; create, edit and delete a template', async () => {
    const s = await browser.session();
    const { page } = s;
    await api(page.request, routes.register, { body: { username: `mtk${Date.now().toString(36)}`, password: 'rival-pass-123' } });

    await page.goto('/');
    await page.locator('.ant-layout-sider').getByRole('link', { name: 'TikTok 模板' }).click();
    await waitForPath(page, '/tiktok-templates');
    await page.getByText('还没有TikTok Shop店铺').waitFor();
    await page.getByText('模板属于店铺，请先在店铺管理中添加一个TikTok Shop店铺。').waitFor();
    expect(await page.getByRole('button', { name: '新建模板' }).isDisabled()).toBe(true);
    await s.shot('01-tiktok-no-shop');
    await page.getByRole('button', { name: '去添加店铺' }).click();
    await waitForPath(page, '/stores');

    await api(page.request, routes.storeAdd, { body: { pid: 15, name: 'Sunny TikTok' } });
    await api(page.request, routes.storeAdd, { body: { pid: 2, name: 'Sunny AE' } });
    await page.goto('/tiktok-templates');
    await page.getByText('还没有模板').waitFor();

    await page.getByRole('button', { name: '新建模板' }).click();
    // Only TikTok shops are offered.
    expect(await shopOptions(page)).toEqual(['Sunny TikTok']);
    await drawer(page).getByLabel('模板名称', { exact: true }).fill('TK T恤');
    await save(page);
    await fieldError(page, '请选择店铺').waitFor();
    await fieldError(page, '请填写有效的类目 ID（正整数）').waitFor();
    await pick(page, drawer(page), '店铺', 'Sunny TikTok');
    await drawer(page).getByLabel('类目 ID (category_id)', { exact: true }).fill('601226');
    await drawer(page).getByLabel('品牌 ID (brand_id)', { exact: true }).fill('7082427311584347905');
    // The units go in pairs: pounds bring inches.
    await pick(page, drawer(page), '单位', 'POUND (lb)');
    await drawer(page).getByText('INCH (in)').waitFor();
    // A tag TikTok does not take is refused by the server, in words the seller can act on.
    await drawer(page).getByLabel('描述模板 (description_template)', { exact: true }).fill('<div>{title}</div>');
    await save(page);
    await toast(page, 'TikTok 描述不接受 <div> 标签，只能用 p img ul ol li br strong b i em u').waitFor();
    await s.shot('02-tiktok-refused-tag');
    await drawer(page)
      .getByLabel('描述模板 (description_template)', { exact: true })
      .fill('<p><strong>{title}</strong></p><ul><li>100% cotton</li></ul>');
    await drawer(page).getByText('存为草稿 (AS_DRAFT)').click();
    await s.shot('03-tiktok-form');
    await save(page);
    await toast(page, '模板“TK T恤”已保存').waitFor();
    await row(page, 'TK T恤').getByText('0.3 lb · 30×25×3 in').waitFor();
    await row(page, 'TK T恤').getByText('601226').waitFor();

    // Edit: back to kilograms (centimetres follow), a heavier package.
    await row(page, 'TK T恤').getByRole('button', { name: '编辑 TK T恤' }).click();
    expect(await drawer(page).getByLabel('品牌 ID (brand_id)', { exact: true }).inputValue()).toBe('7082427311584347905');
    await pick(page, drawer(page), '单位', 'KILOGRAM (kg)');
    await drawer(page).getByLabel('包装重量', { exact: true }).fill('1.2');
    await save(page);
    await toast(page, '模板“TK T恤”已保存').first().waitFor();
    await row(page, 'TK T恤').getByText('1.2 kg · 30×25×3 cm').waitFor();
    await s.shot('04-tiktok-list');
    await confirmDelete(page, 'TK T恤');
    await page.getByText('还没有模板').waitFor();
    await s.close();
  });

  test('AliExpress: create with attributes, edit and delete a template', async () => {
    const s = await browser.session();
    const { page } = s;
    await api(page.request, routes.register, { body: { username: `mae${Date.now().toString(36)}`, password: 'rival-pass-123' } });
    await api(page.request, routes.storeAdd, { body: { pid: 2, name: 'Sunny AE' } });
    await api(page.request, routes.storeAdd, { body: { pid: 15, name: 'Sunny TikTok' } });

    await page.goto('/');
    await page.locator('.ant-layout-sider').getByRole('link', { name: '速卖通模板' }).click();
    await waitForPath(page, '/aliexpress-templates');
    await page.getByText('还没有模板').waitFor();
    await page.getByRole('button', { name: '新建模板' }).click();
    expect(await shopOptions(page)).toEqual(['Sunny AE']);
    await pick(page, drawer(page), '店铺', 'Sunny AE');
    await drawer(page).getByLabel('模板名称', { exact: true }).fill('AE 卫衣');
    await drawer(page).getByLabel('类目 ID (category_id)', { exact: true }).fill('200000343');
    // Attributes: a marketplace value and a custom one (whose forbidden characters the form refuses).
    await drawer(page).getByRole('button', { name: '添加属性' }).click();
    await drawer(page).getByLabel('属性 ID 1', { exact: true }).fill('2');
    await drawer(page).getByLabel('属性值 ID 1', { exact: true }).fill('201512802');
    await drawer(page).getByRole('button', { name: '添加属性' }).click();
    await drawer(page).getByLabel('属性 ID 2', { exact: true }).fill('10');
    await drawer(page).getByLabel('或自定义值 2', { exact: true }).fill('cotton, polyester');
    await save(page);
    await fieldError(page, '第 2 个属性：自定义属性值不能包含 # : = , 这些符号').waitFor();
    await fieldError(page, '请填写运费模板 ID').waitFor();
    await fieldError(page, '请填写服务模板 ID').waitFor();
    await s.shot('05-aliexpress-refused');
    await drawer(page).getByLabel('或自定义值 2', { exact: true }).fill('cotton blend');
    await drawer(page).getByLabel('运费模板 ID (freight_template_id)', { exact: true }).fill('1000');
    await drawer(page).getByLabel('服务模板 ID (promise_template_id)', { exact: true }).fill('2000');
    await drawer(page).getByLabel('品牌名称 (brand_name)', { exact: true }).fill('Sunny');
    await s.shot('06-aliexpress-form');
    await save(page);
    await toast(page, '模板“AE 卫衣”已保存').waitFor();
    await row(page, 'AE 卫衣').getByText('0.3 kg · 30×25×3 cm').waitFor();

    // Edit: the attributes came back; remove one, change the weight and a side.
    await row(page, 'AE 卫衣').getByRole('button', { name: '编辑 AE 卫衣' }).click();
    expect(await drawer(page).getByLabel('或自定义值 2', { exact: true }).inputValue()).toBe('cotton blend');
    await drawer(page).getByRole('button', { name: '删除第 1 个属性' }).click();
    await drawer(page).getByLabel('包装重量 (千克)', { exact: true }).fill('0.55');
    await drawer(page).getByLabel('长', { exact: true }).fill('40');
    await save(page);
    await toast(page, '模板“AE 卫衣”已保存').first().waitFor();
    await row(page, 'AE 卫衣').getByText('0.55 kg · 40×25×3 cm').waitFor();
    const saved = await api(page.request, routes.aliexpressTemplateList, { query: {} });
    expect(saved.list[0]?.attributes).toEqual([{ attr_name_id: 10, attr_value: 'cotton blend' }]);
    await s.shot('07-aliexpress-list');
    await confirmDelete(page, 'AE 卫衣');
    await s.close();
  });
});
