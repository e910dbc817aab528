import { describe, expect, test } from 'vitest';
import { routes } from '@app/contract';
import { api } from './api';
import { makeFinished } from './finishedApi';
import { baseURL, buttonName, useBrowser, waitForPath } from './harness';
import { creditDemoWallet, usAddress } from './ordering';
import { criticalViolations, drawer, openDrawer, phoneLogIn } from './phone';

/**
 * Selling from the phone at 390×844 (docs/mobile.md#finished-products-on-the-phone, #cart-and-orders-on-the-phone): a
 * finished product found by its number, put in the cart from its sheet, the cart's quantity changed, checked out to a
 * new address, paid from the wallet, followed in the orders, and an unpaid one cancelled; axe-core finds no critical
 * violation on the pages on the way.
 */
const run = useBrowser('mobile-shop');

describe('selling from the phone', () => {
  test('finished → cart → check out → pay → the order in 订单管理; an unpaid one cancelled', async () => {
    creditDemoWallet();
    const { page, shot } = await run.session({ phone: true });
    await page.goto('/mobile-login?redirect=/mobile-home');
    await phoneLogIn(page, 'demo');
    await waitForPath(page, '/mobile-home');
    expect(await criticalViolations(page)).toEqual([]);
    // The cart starts empty: lines other suites left in the demo's cart would change its count and totals.
    const inCart = await api(page.request, routes.cartList, { query: { pageNumber: 1, pageSize: 200 } });
    if (inCart.list.length > 0) await api(page.request, routes.cartDel, { body: { ids: inCart.list.map((l) => l.id).join(',') } });
    const [made] = await makeFinished(page, ['PHONE-SELL']);
    const balanceBefore = (await api(page.request, routes.walletInfo)).balance;

    await openDrawer(page);
    await drawer(page).getByRole('link', { name: '我的成品' }).click();
    await waitForPath(page, '/mobile-finished');
    await page.getByText('共 ', { exact: false }).first().waitFor();
    expect(await criticalViolations(page)).toEqual([]);
    const search = page.getByPlaceholder('搜索名称或成品编号');
    await search.fill(made!.key_id);
    await search.press('Enter');
    await page.getByText('共 1 个成品').waitFor();
    await shot('01-finished');
    await page.getByRole('button', { name: new RegExp(made!.key_id) }).click();
    const sheet = page.getByRole('dialog', { name: '经典纯棉圆领T恤' });
    await sheet.waitFor();
    // A colour is chosen; a size is the seller's to choose.
    await sheet.getByRole('button', { name: '加入购物车' }).click();
    await page.locator('.adm-toast-main', { hasText: '请选择颜色和尺码' }).waitFor();
    await sheet.locator('.adm-selector').nth(1).locator('.adm-selector-item').first().click();
    await sheet.getByRole('button', { name: /increase|增加/i }).click();
    await sheet.getByRole('button', { name: '加入购物车' }).click();
    await page.locator('.adm-toast-main', { hasText: '添加成功' }).waitFor();
    await shot('02-finished-sheet');
    await sheet.getByRole('button', { name: '关闭' }).click();

    await page.getByRole('link', { name: '购物车 (1)' }).click();
    await waitForPath(page, '/mobile-shopping-cart');
    const line = (await api(page.request, routes.cartList, { query: { pageNumber: 1, pageSize: 20 } })).list[0]!;
    expect(line.num).toBe(2);
    const total = page.getByTestId('phone-cart-total');
    await expect.poll(() => total.textContent()).toBe(`合计 ¥${(Number(line.price) * 2).toFixed(2)}`);
    await page
      .getByRole('button', { name: /increase|增加/i })
      .first()
      .click();
    await expect.poll(() => total.textContent()).toBe(`合计 ¥${(Number(line.price) * 3).toFixed(2)}`);
    expect(await criticalViolations(page)).toEqual([]);
    await shot('03-cart');

    await page.getByRole('button', { name: '去结算 (1)' }).click();
    const checkout = page.getByRole('dialog', { name: '确认订单' });
    await checkout.waitFor();
    const newAddress = checkout.getByRole('radio', { name: '新地址' });
    if (await newAddress.count()) await newAddress.click();
    const a = usAddress('Phone Buyer');
    await checkout.getByRole('textbox', { name: '收件人' }).fill(a.recipient);
    await checkout.getByRole('textbox', { name: '电话' }).fill(a.phone);
    await checkout.getByRole('button', { name: '选择国家' }).click();
    const countries = page.getByRole('dialog', { name: '选择国家' });
    await countries.getByPlaceholder('选择国家').fill('美国');
    await countries.getByText('美国 (US)').click();
    await checkout.getByRole('button', { name: '美国 (US)' }).waitFor();
    await checkout.getByRole('textbox', { name: '省/州' }).fill(a.province);
    await checkout.getByRole('textbox', { name: '城市' }).fill(a.city);
    await checkout.getByRole('textbox', { name: '详细地址' }).fill(a.address1);
    await checkout.getByRole('textbox', { name: '邮编' }).fill(a.postcode);
    await checkout.locator('.adm-radio').filter({ hasText: '天' }).first().waitFor();
    await shot('04-checkout');
    await checkout.getByRole('button', { name: /^提交订单/ }).click();
    await checkout.getByText(/^订单 .+ 已提交$/).waitFor();
    const [order] = (await api(page.request, routes.orderList, { query: { status: 1 } })).list;
    expect(order!.recipient).toBe('Phone Buyer');
    expect(order!.units).toBe(3);
    await checkout.getByRole('button', { name: `用钱包支付 ¥${order!.total}` }).click();
    await page.waitForURL((u) => u.pathname === '/mobile-order-manage' && u.searchParams.get('status') === '2');

    // Paid: the factory takes it from here (待生产, soon 生产中), and the wallet paid its total.
    const card = page.getByRole('listitem').filter({ hasText: order!.order_no });
    await card
      .getByText(/待生产|生产中/)
      .first()
      .waitFor();
    const paidBalance = (Number(balanceBefore) - Number(order!.total)).toFixed(2);
    expect((await api(page.request, routes.walletInfo)).balance).toBe(paidBalance);
    expect(await criticalViolations(page)).toEqual([]);
    await shot('05-orders-paid');
    await card.getByRole('button', { name: order!.order_no }).click();
    const detail = page.getByRole('dialog', { name: order!.order_no });
    await detail.getByText('Phone Buyer', { exact: false }).waitFor();
    await detail.getByText('× 3', { exact: false }).waitFor();
    await shot('06-order-sheet');
    await detail.getByRole('button', { name: '关闭' }).click();

    // A second order left unpaid (placed as the checkout places one), cancelled from its card: nothing moves.
    const [variant] = (await api(page.request, routes.searchChildren, { query: { id: made!.id } })).list;
    await api(page.request, routes.addToCarts, { body: { id: variant!.id, num: 1 } });
    const lineId = (await api(page.request, routes.cartList, { query: { pageNumber: 1, pageSize: 20 } })).list[0]!.id;
    const [method] = (await api(page.request, routes.shippingMethods, { query: { country: 'US', weight: 300 } })).list;
    const second = await api(page.request, routes.orderCreate, {
      body: { cart_ids: String(lineId), address: usAddress('Second Buyer'), shipping_method: method!.id },
    });
    await page.getByRole('tab', { name: /^待付款/ }).click();
    const pending = page.getByRole('listitem').filter({ hasText: second.order_no });
    await pending.getByRole('button', { name: /^支付/ }).waitFor();
    await pending.getByRole('button', { name: '取消订单' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '取消订单' }).click();
    await page.locator('.adm-toast-main', { hasText: `订单 ${second.order_no} 已取消` }).waitFor();
    expect((await api(page.request, routes.walletInfo)).balance).toBe(paidBalance);
    await page.getByRole('tab', { name: /^已取消/ }).click();
    await page.getByRole('listitem').filter({ hasText: second.order_no }).getByText('已取消').waitFor();
  }, 240_000);

  test('the account pages: the personal centre, a recharge and a membership bought on the phone, an inquiry; the drawer logged out', async () => {
    const { page, shot } = await run.session({ phone: true });
    // Logged out: the public pages read, the others ask for a login.
    for (const [label, path] of [
      ['云端出图', '/advantage'],
      ['独立部署', '/mobile-independent-deployment'],
      ['会员服务', '/mobile-service'],
      ['关于', '/mobile-about'],
      ['产品分类', '/mobile-product'],
      ['首页', '/mobile-home'],
    ] as const) {
      await page.goto('/mobile-home');
      await openDrawer(page);
      await drawer(page).getByRole('link', { name: label, exact: true }).click();
      await waitForPath(page, path);
    }
    for (const path of [
      '/mobile-toolhome',
      '/mobile-finished',
      '/mobile-order-manage',
      '/mobile-product-library',
      '/mobile-shopping-cart',
    ]) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/mobile-login' && u.searchParams.get('redirect') === path);
    }
    // Online design opens in a tab of its own.
    await page.goto('/mobile-home');
    await openDrawer(page);
    expect(await drawer(page).getByRole('link', { name: '在线设计' }).getAttribute('target')).toBe('_blank');

    // An inquiry: the form names what is missing, the server stores it.
    await page.goto('/mobile-independent-deployment');
    await page.getByRole('button', { name: '提交咨询' }).click();
    await page.getByText('称呼 不能为空').waitFor();
    await page.getByRole('textbox', { name: '称呼' }).fill('王经理');
    await page.getByRole('textbox', { name: '手机、电话或邮箱' }).fill('not-a-contact');
    await page.locator('#inquiry-message').fill('想在自己的服务器上部署，每月约 5000 单。');
    await page.getByRole('button', { name: '提交咨询' }).click();
    await page.getByText('手机、电话或邮箱 须为手机号', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: '手机、电话或邮箱' }).fill('13800138000');
    await page.getByRole('button', { name: '提交咨询' }).click();
    await page.getByText(/已收到你的咨询（编号 \d+）/).waitFor();
    await shot('07-inquiry-sent');

    // The demo's personal centre: its wallet and its sub-accounts.
    await page.goto('/mobile-login?redirect=/mobile-toolhome');
    await phoneLogIn(page, 'demo');
    await waitForPath(page, '/mobile-toolhome');
    await page.getByRole('heading', { name: '个人中心' }).waitFor();
    const demoBalance = (await api(page.request, routes.walletInfo)).balance;
    await expect.poll(() => page.getByTestId('phone-balance').textContent()).toBe(`${demoBalance} CNY`);
    // demo-a and demo-b, and any other suite's.
    await page.getByText(/^子账号（\d+）$/).waitFor();
    await page.getByText('demo-a', { exact: true }).waitFor();
    await page.getByText('专业版会员').waitFor();
    await shot('08-toolhome');
    await page.getByRole('button', { name: '退出' }).click();
    await waitForPath(page, '/mobile-login');

    // A new seller (the demo's level is the other suites'): recharged from the phone through the cashier, back on the
    // personal centre, then a level bought from the wallet; the header's mark follows at once.
    await page.goto('/mobile-register');
    const name = `member${Date.now().toString(36)}`;
    await page.getByLabel('用户名').fill(name);
    await page.getByLabel('密码', { exact: true }).fill('Phone-member-7q');
    await page.getByLabel('确认密码').fill('Phone-member-7q');
    await page.getByRole('button', { name: buttonName('注册') }).click();
    await waitForPath(page, '/mobile-home');
    await page.goto('/mobile-toolhome');
    await page.getByText('免费会员').waitFor();
    await page.getByRole('button', { name: buttonName('充值') }).click();
    await page.locator('#recharge-amount').fill('60');
    await page.getByRole('button', { name: buttonName('去支付') }).click();
    await page.waitForURL((u) => u.origin !== baseURL);
    await page.getByRole('button', { name: buttonName('付款') }).click();
    await page.waitForURL((u) => u.origin === baseURL && u.pathname === '/mobile-toolhome' && u.searchParams.has('recharge'));
    await page.getByText('充值 ¥60.00 已到账').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('phone-balance').textContent()).toBe('60.00 CNY');
    await page.getByRole('link', { name: '升级会员' }).click();
    await waitForPath(page, '/mobile-service');
    const starter = page.getByRole('listitem', { name: '入门版' });
    await starter.getByRole('button', { name: '支付 ¥29.00 开通' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
    await page.locator('.adm-toast-main', { hasText: '已开通 入门版' }).waitFor();
    await page.getByRole('banner').getByLabel('会员等级 V1').waitFor();
    await shot('09-service-upgraded');
    expect((await api(page.request, routes.walletInfo)).balance).toBe('31.00');
    const bills = await api(page.request, routes.billList, { query: { type: 4 } });
    expect(bills.list.map((b) => b.amount)).toEqual(['-29.00']);
    await page.goto('/mobile-toolhome');
    await page.getByText('入门版会员', { exact: false }).waitFor();
    expect(await criticalViolations(page)).toEqual([]);
  }, 240_000);
});
