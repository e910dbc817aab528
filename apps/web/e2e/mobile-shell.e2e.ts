import { execFileSync } from 'node:child_process';
import { describe, expect, inject, test } from 'vitest';
import { PHONE_FIRST_CALLS } from '@app/contract';
import { importDemoJersey } from './catalogue';
import { useBrowser, waitForPath } from './harness';
import { drawer, openDrawer, phoneLogIn } from './phone';
import { repoRoot } from './server';

/**
 * The phone shell at 390×844 (docs/mobile.md): home with notices and the new and hot lists, the drawer's pages logged
 * out and in, a search, a product saved to the personal product library, a notice in a tab of its own, logging in and
 * out and registering on the phone, and a back-office page offering its phone twin.
 */
const run = useBrowser('mobile-shell');

/** A notice added the way an operator adds one: `npm run notice -- add` on the server's data directory. */
function addNotice(title: string, content: string) {
  execFileSync('npx', ['tsx', 'apps/server/src/modules/notices/cli.ts', 'add', '--title', title, '--content', content], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('the phone shell', () => {
  test('logged out: home shows notices and the new and hot blanks; the drawer walks its pages; a notice opens in a new tab', async () => {
    importDemoJersey(inject('dataDir'));
    addNotice('双十二备货通知', '12 月 10 日前下单的订单按时生产。\n之后的订单顺延两天。');
    addNotice('新功能：手机版上线', '在手机上浏览产品、收藏常用空白产品。');
    const { page, shot, context } = await run.session({ phone: true });
    const asked: { url: string; accept: string }[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) asked.push({ url: url.pathname + url.search, accept: req.headers()['accept'] ?? '' });
    });
    await page.goto('/mobile-home');
    // Latest first.
    const notices = page.getByRole('region', { name: '公告' }).getByRole('link');
    await expect.poll(() => notices.first().textContent()).toContain('新功能：手机版上线');
    // The page's first calls were named in it and asked for once, by the page itself alongside the scripts (a preload
    // accepts anything; the app's own calls ask for JSON), whose answers the app's calls then used (docs/mobile.md#speed).
    for (const url of PHONE_FIRST_CALLS['/mobile-home']!) {
      const requests = asked.filter((r) => r.url === url);
      expect(requests, url).toHaveLength(1);
      expect(requests[0]!.accept, url).not.toContain('application/json');
    }
    // Tag 1 (new): the jersey; tag 3 (hot): the T-shirt.
    await page.getByText('定制足球球衣（号码+姓名）').first().waitFor();
    expect(await page.getByText('经典纯棉圆领T恤').count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: '登录' }).waitFor();
    await page.getByRole('link', { name: '注册' }).first().waitFor();
    await shot('01-home-logged-out');
    await page.getByText('热销', { exact: true }).click();
    await page.getByText('经典纯棉圆领T恤').first().waitFor();

    // A notice opens in a tab of its own.
    const [tab] = await Promise.all([context.waitForEvent('page'), notices.filter({ hasText: '双十二备货通知' }).click()]);
    await tab.waitForURL((u) => u.pathname === '/announcement' && u.searchParams.has('id'));
    await tab.getByRole('heading', { name: '双十二备货通知' }).waitFor();
    await tab.getByText('之后的订单顺延两天。').waitFor();
    await tab.close();

    await openDrawer(page);
    await shot('02-drawer');
    await drawer(page).getByRole('link', { name: '产品分类' }).click();
    await waitForPath(page, '/mobile-product');
    await page.getByText('经典纯棉圆领T恤').first().waitFor();
    await openDrawer(page);
    // The library needs a session: the login page, which would bring the seller back.
    await drawer(page).getByRole('link', { name: '个人产品库' }).click();
    await page.waitForURL((u) => u.pathname === '/mobile-login' && u.searchParams.get('redirect') === '/mobile-product-library');
    await openDrawer(page);
    await drawer(page).getByRole('link', { name: '首页' }).click();
    await waitForPath(page, '/mobile-home');
  }, 180_000);

  test('search, then save a blank to the library after logging in, see it there, take it out, log out', async () => {
    const { page, shot } = await run.session({ phone: true });
    await page.goto('/mobile-home');
    const box = page.getByPlaceholder('搜索产品名称');
    await box.fill('T恤');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/product' && u.searchParams.get('keyword') === 'T恤');
    await page.getByText('“T恤” 的搜索结果：1 个').waitFor();
    await page.getByText('经典纯棉圆领T恤').click();
    await page.waitForURL((u) => u.pathname === '/mobile-productdtl');
    await page.getByRole('heading', { name: '经典纯棉圆领T恤' }).waitFor();
    await shot('03-product');

    // Saving needs an account: log in, and come back to the product.
    await page.getByRole('button', { name: '收藏' }).click();
    await page.waitForURL((u) => u.pathname === '/mobile-login');
    await phoneLogIn(page, 'demo');
    await page.waitForURL((u) => u.pathname === '/mobile-productdtl');
    await page.getByRole('banner').getByText('演示主账号').waitFor();
    await page.getByRole('button', { name: '收藏', pressed: false }).click();
    await page.getByRole('button', { name: '已收藏', pressed: true }).waitFor();
    const design = page.getByRole('link', { name: '开始设计' });
    expect(await design.getAttribute('target')).toBe('_blank');
    expect(await design.getAttribute('href')).toMatch(/^\/mobile-design\?product_id=\d+&attr_id=\d+$/);

    await openDrawer(page);
    await drawer(page).getByRole('link', { name: '个人产品库' }).click();
    await waitForPath(page, '/mobile-product-library');
    await page.getByText('共 1 个').waitFor();
    await page.getByText('经典纯棉圆领T恤').waitFor();
    await shot('04-library');
    await page.getByRole('button', { name: '移出' }).click();
    await page.getByText('还没有收藏的产品', { exact: false }).waitFor();

    await page.getByRole('button', { name: '退出' }).click();
    await waitForPath(page, '/mobile-login');
    await page.getByRole('link', { name: '注册' }).first().waitFor();
  }, 180_000);

  test('registering on the phone logs the new seller in; the back office on a phone offers its phone twin', async () => {
    const { page, shot } = await run.session({ phone: true });
    await page.goto('/mobile-register');
    const name = `phone${Date.now().toString(36)}`;
    await page.getByLabel('用户名').fill(name);
    await page.getByLabel('密码', { exact: true }).fill('demo1234');
    await page.getByLabel('确认密码').fill('demo1235');
    const register = page.getByRole('button', { name: /^\s*注\s*册\s*$/ });
    await register.click();
    await page.getByText('两次输入的密码不一致').waitFor();
    // The server's own rules answer as a toast, in the seller's words.
    await page.getByLabel('确认密码').fill('demo1234');
    await register.click();
    await page.locator('.adm-toast-main', { hasText: '密码太常见' }).waitFor();
    await page.getByLabel('密码', { exact: true }).fill('Phone-shell-7q');
    await page.getByLabel('确认密码').fill('Phone-shell-7q');
    await register.click();
    await waitForPath(page, '/mobile-home');
    await page.getByText(name).waitFor();
    await page.getByLabel('会员等级 V0').waitFor();
    await shot('05-home-logged-in');

    await page.goto('/products');
    const offer = page.getByRole('link', { name: '正在用手机浏览？打开手机版' });
    await offer.click();
    await waitForPath(page, '/mobile-product');
  }, 180_000);
});
