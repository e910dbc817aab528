import type { Refusal } from './checks.js';
import type { Trade } from './state.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;

/** Alipay's cashier error page: the error code and the field at fault. */
export const errorPage = (r: Refusal) =>
  page(
    '支付宝 - 错误',
    `<h1>抱歉，您的操作出错了</h1><p>错误代码 <code data-sub-code>${esc(r.subCode)}</code></p>` +
      `<p>参数 <code data-field>${esc(r.field)}</code>：${esc(r.message)}</p>`,
  );

/** The cashier: the amount, the subject, 付款 and 取消. */
export const cashierPage = (trade: Trade, token: string) =>
  page(
    '支付宝 - 网上支付 安全快速！',
    `<h1>支付宝收银台（沙箱）</h1><p>订单：${esc(trade.subject)}</p>` +
      `<p>应付金额 <strong data-amount>${esc(trade.totalAmount)}</strong> 元</p>` +
      `<form method="post" action="/cashier/${token}/pay"><button type="submit">付款</button></form>` +
      `<form method="post" action="/cashier/${token}/cancel"><button type="submit">取消</button></form>`,
  );

export const closedPage = (trade: Trade) =>
  page('支付宝 - 交易关闭', `<h1>交易已关闭</h1>${trade.returnUrl ? `<p><a href="${esc(trade.returnUrl)}">返回商户</a></p>` : ''}`);

export const paidPage = () => page('支付宝 - 付款成功', '<h1>付款成功</h1>');
