import { describe, expect, test } from 'vitest';
import { buttonName, toast, useBrowser, waitForPath, type Session } from './harness';

const browser = useBrowser('shell', { demoTshirt: false });
const session = (opts?: { phone?: boolean }) => browser.session(opts);

async function logIn(s: Session, username: string, password: string) {
  await s.page.getByLabel('用户名').fill(username);
  await s.page.getByLabel('密码', { exact: true }).fill(password);
  await s.page.getByRole('button', { name: buttonName('登录') }).click();
}

describe('back-office shell', () => {
  test('a wrong password shows the server message and keeps the seller on the login page', async () => {
    const s = await session();
    const { page } = s;
    await page.goto('/login');
    await logIn(s, 'demo', 'not-the-password');

    await toast(page, '用户名或密码错误').waitFor();
    await s.shot('01-wrong-password');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('用户名').inputValue()).toBe('demo');
  });

  test('log in, switch the language, see the sub-accounts, log out', async () => {
    const s = await session();
    const { page } = s;
    const sider = page.locator('.ant-layout-sider');
    const header = page.locator('.ant-layout-header');

    await page.goto('/');
    await waitForPath(page, '/login', '');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    await s.shot('02-login');

    await logIn(s, 'demo', 'demo1234');
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: '你好，演示主账号' }).waitFor();
    await sider.getByText('发布', { exact: true }).waitFor();
    await header.getByText('演示主账号').waitFor();
    await header.getByText('V2').waitFor();
    await page.getByText('深圳运营部').waitFor();
    await s.shot('03-home-zh');

    await header.getByText('EN', { exact: true }).click();
    await sider.getByText('Publish', { exact: true }).waitFor();
    await sider.getByText('Sub-accounts').waitFor();
    await page.getByRole('heading', { name: 'Hello, 演示主账号' }).waitFor();
    expect(await sider.getByText('发布', { exact: true }).count()).toBe(0);
    await s.shot('04-home-en');

    // The choice is remembered across a reload.
    await page.reload();
    await sider.getByText('Publish', { exact: true }).waitFor();
    await header.getByText('中文', { exact: true }).click();
    await sider.getByText('发布', { exact: true }).waitFor();
    await page.getByRole('heading', { name: '你好，演示主账号' }).waitFor();

    await sider.getByRole('link', { name: '子账号管理' }).click();
    await waitForPath(page, '/account/sub-accounts');
    const rowA = page.locator('tr', { hasText: 'demo-a' });
    const rowB = page.locator('tr', { hasText: 'demo-b' });
    await rowA.waitFor();
    await rowB.waitFor();
    expect(await rowA.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(await rowA.textContent()).toContain('正常');
    await page.getByText('共 2 个子账号').waitFor();
    await s.shot('05-sub-accounts');

    await header.getByRole('button', { name: '账号菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await waitForPath(page, '/login', '');
    await toast(page, '已退出登录').waitFor();
    await s.shot('06-logged-out');

    // The session is over: the back office is closed again.
    await page.goto('/account/sub-accounts');
    await waitForPath(page, '/login', '?redirect=%2Faccount%2Fsub-accounts');
  });

  test('register from a deep link, come back to it, create a sub-account and disable it while it is logged in', async () => {
    const s = await session();
    const { page } = s;

    await page.goto('/account/sub-accounts');
    await waitForPath(page, '/login', '?redirect=%2Faccount%2Fsub-accounts');
    await page.getByRole('link', { name: '注册主账号' }).click();
    await waitForPath(page, '/register', '?redirect=%2Faccount%2Fsub-accounts');
    // The URL changes before the register form replaces the login form (both have 用户名): wait for it.
    await page.getByLabel('确认密码').waitFor();

    await page.getByLabel('用户名').fill('ab');
    await page.getByLabel('密码', { exact: true }).fill('secret-123');
    await page.getByLabel('确认密码').fill('secret-124');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await page.getByText('用户名长度为 3–32 个字符').waitFor();
    await page.getByText('两次输入的密码不一致').waitFor();
    await s.shot('07-register-invalid');

    await page.getByLabel('用户名').fill('shop-owner');
    await page.getByLabel('昵称').fill('店长');
    await page.getByLabel('确认密码').fill('secret-123');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await waitForPath(page, '/account/sub-accounts');
    await page.locator('tr', { hasText: 'shop-owner' }).getByText('主账号').waitFor();
    await page.getByText('共 0 个子账号').waitFor();

    await page.getByRole('button', { name: '新建子账号' }).click();
    await waitForPath(page, '/account/sub-accounts/new');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('用户名').fill('shop-owner-a');
    await dialog.getByLabel('昵称').fill('设计 A');
    await dialog.getByLabel('密码', { exact: true }).fill('secret-456');
    await dialog.getByLabel('确认密码').fill('secret-456');
    await s.shot('08-create-sub-account');
    await dialog.getByRole('button', { name: buttonName('创建') }).click();

    await toast(page, '已创建子账号 shop-owner-a').waitFor();
    await waitForPath(page, '/account/sub-accounts');
    const row = page.locator('tr', { hasText: 'shop-owner-a' });
    await row.getByText('正常').waitFor();
    await page.getByText('共 1 个子账号').waitFor();

    // The new sub-account logs in elsewhere before it is disabled.
    const other = await session();
    await other.page.goto('/login');
    await logIn(other, 'shop-owner-a', 'secret-456');
    await other.page.getByRole('heading', { name: '你好，设计 A' }).waitFor();

    await row.getByRole('button', { name: buttonName('停用') }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: buttonName('停用') })
      .click();
    await toast(page, '已停用 shop-owner-a').waitFor();
    await row.getByText('已停用').waitFor();
    await s.shot('09-sub-account-disabled');

    // Disabling ends its open session: its next call says so and sends it to the login page, remembering where it was.
    // (A sub-account's menu has no sub-account entry: it goes to the finished products.)
    await other.page.locator('.ant-layout-sider').getByRole('link', { name: '成品管理' }).click();
    await toast(other.page, '请先登录').waitFor();
    await waitForPath(other.page, '/login', '?redirect=%2Ffinished');
    await other.shot('10-disabled-session-ended');
    await logIn(other, 'shop-owner-a', 'secret-456');
    await toast(other.page, '该账号已被停用，请联系主账号').waitFor();
    expect(new URL(other.page.url()).pathname).toBe('/login');

    // The search is part of the address, so it survives a reload.
    await page.getByLabel('搜索用户名或昵称').fill('nobody');
    await waitForPath(page, '/account/sub-accounts', '?q=nobody');
    await page.getByText('没有符合条件的账号').waitFor();
    await page.reload();
    await page.getByText('没有符合条件的账号').waitFor();
    expect(await page.getByLabel('搜索用户名或昵称').inputValue()).toBe('nobody');

    await page.goto('/no-such-page');
    await page.getByText('页面不存在', { exact: true }).waitFor();
    await page.locator('.ant-layout-sider').getByText('发布', { exact: true }).waitFor();
    await s.shot('11-not-found');
  });

  test('a sub-account sees its list read-only', async () => {
    const s = await session();
    const { page } = s;
    // A login link cannot send the seller off to another site after logging in.
    await page.goto('/login?redirect=%2F%2Fexample.com');
    await logIn(s, 'demo-a', 'demo1234');
    await waitForPath(page, '/');
    // A sub-account has no menu entry for the page (day-one.e2e.ts); an old bookmark still reaches it.
    await page.goto('/account/sub-accounts');

    await page.getByText('子账号不能管理子账号').waitFor();
    await page.locator('tr', { hasText: 'demo-a' }).waitFor();
    expect(await page.getByRole('button', { name: '新建子账号' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: buttonName('停用') }).count()).toBe(0);
    await s.shot('12-sub-account-view');
  });

  test('on a phone the menu opens as a drawer', async () => {
    const s = await session({ phone: true });
    const { page } = s;
    await page.goto('/login');
    await s.shot('13-phone-login');
    await logIn(s, 'demo', 'demo1234');
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: '你好，演示主账号' }).waitFor();
    await s.shot('14-phone-home');

    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('发布', { exact: true }).waitFor();
    await s.shot('15-phone-menu');
    await drawer.getByRole('link', { name: '子账号管理' }).click();
    await waitForPath(page, '/account/sub-accounts');
    await page.locator('tr', { hasText: 'demo-b' }).waitFor();
    await s.shot('16-phone-sub-accounts');
  });
});
