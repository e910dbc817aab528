import { generateKeyPairSync } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { bizContent, checkSignedCall, outTradeNo, pagePayFields, Refusal } from './checks.js';
import { NOTIFY_RETRY_MS, Payments } from './notify.js';
import { cashierPage, closedPage, errorPage, paidPage } from './pages.js';
import { bareBase64, publicKeyFrom, rsa2Sign } from './signing.js';
import { PaymentState, type Trade } from './state.js';

export interface PaymentSandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Pauses before each notify retry (ms); their count is the retries. Default NOTIFY_RETRY_MS. */
  notifyRetryMs?: readonly number[];
  now?: () => number;
}

export interface PaymentSandbox {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Every parameter of a gateway call: the query's, then a form body's. */
function paramsOf(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(req.url.split('?')[1] ?? '')) out[k] = v;
  if (typeof req.body === 'string') for (const [k, v] of new URLSearchParams(req.body)) out[k] = v;
  return out;
}

/**
 * The payment sandbox: Alipay's computer-website pay (alipay.trade.page.pay), its asynchronous notify and
 * alipay.trade.query, in memory (docs/payments.md#the-sandbox). It never imports the product's code.
 */
export async function startPaymentSandbox(opts: PaymentSandboxOptions = {}): Promise<PaymentSandbox> {
  const state = new PaymentState(opts.now ?? Date.now);
  // "Alipay's" key pair: what it sends (notifies, returns, answers) is signed with it.
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const payments = new Payments(state, alipay.privateKey, opts.notifyRetryMs ?? NOTIFY_RETRY_MS);

  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  /** alipay.trade.page.pay: the cashier page, or the error page naming the field. */
  function pagePay(params: Record<string, string>): Trade {
    checkSignedCall(params, state);
    const f = pagePayFields(bizContent(params));
    const known = state.trade(params.app_id!, f.outTradeNo);
    if (known && known.totalAmount !== f.totalAmount)
      throw new Refusal('40004', 'ACQ.CONTEXT_INCONSISTENT', 'total_amount', `交易信息被篡改：该订单号已以 ${known.totalAmount} 元下单`);
    if (known?.status === 'TRADE_SUCCESS') throw new Refusal('40004', 'ACQ.TRADE_HAS_SUCCESS', 'out_trade_no', '交易已被支付');
    if (known?.status === 'TRADE_CLOSED') throw new Refusal('40004', 'ACQ.TRADE_HAS_CLOSE', 'out_trade_no', '交易已经关闭');
    return state.open({ appId: params.app_id!, ...f, notifyUrl: params.notify_url, returnUrl: params.return_url });
  }

  /** alipay.trade.query: signed the way the SDK checks it (the response object's JSON text as sent). */
  function query(params: Record<string, string>, reply: FastifyReply) {
    let inner: Record<string, string>;
    try {
      checkSignedCall(params, state);
      const trade = state.trade(params.app_id!, outTradeNo(bizContent(params)));
      inner = trade
        ? {
            code: '10000',
            msg: 'Success',
            trade_no: trade.tradeNo,
            out_trade_no: trade.outTradeNo,
            trade_status: trade.status,
            total_amount: trade.totalAmount,
          }
        : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      const msg = { '40001': 'Missing Required Arguments', '40002': 'Invalid Arguments', '40004': 'Business Failed' }[e.code];
      inner = { code: e.code, msg, sub_code: e.subCode, sub_msg: e.message };
    }
    const text = JSON.stringify(inner);
    const sign = rsa2Sign(text, alipay.privateKey);
    return reply.type('application/json; charset=utf-8').send(`{"alipay_trade_query_response":${text},"sign":"${sign}"}`);
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/gateway.do',
    handler: (req, reply) => {
      const params = paramsOf(req);
      if (params.method === 'alipay.trade.query') return query(params, reply);
      try {
        if (params.method !== 'alipay.trade.page.pay')
          throw params.method
            ? new Refusal('40002', 'isv.invalid-method', 'method', `不存在的方法名 ${params.method}`)
            : new Refusal('40001', 'isv.missing-method', 'method', '缺少方法名参数');
        const trade = pagePay(params);
        return reply.type('text/html; charset=utf-8').send(cashierPage(trade, state.cashierFor(trade)));
      } catch (e) {
        if (e instanceof Refusal) return reply.code(400).type('text/html; charset=utf-8').send(errorPage(e));
        throw e;
      }
    },
  });

  const cashierTrade = (req: FastifyRequest) => state.byCashier((req.params as { token: string }).token);
  app.post('/cashier/:token/pay', (req, reply) => {
    const trade = cashierTrade(req);
    if (!trade || trade.status !== 'WAIT_BUYER_PAY') return reply.code(404).type('text/html; charset=utf-8').send('交易不存在或已结束');
    const back = payments.pay(trade);
    return back ? reply.redirect(back, 302) : reply.type('text/html; charset=utf-8').send(paidPage());
  });
  app.post('/cashier/:token/cancel', (req, reply) => {
    const trade = cashierTrade(req);
    if (!trade || trade.status !== 'WAIT_BUYER_PAY') return reply.code(404).type('text/html; charset=utf-8').send('交易不存在或已结束');
    trade.status = 'TRADE_CLOSED';
    return reply.type('text/html; charset=utf-8').send(closedPage(trade));
  });

  // Control calls for tests and benches (docs/payments.md#control-calls): not part of Alipay.
  const body = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  app.post('/sandbox/apps', (req, reply) => {
    const b = body(req);
    const key = publicKeyFrom(str(b.app_public_key));
    if (!str(b.app_id) || !key) return reply.code(400).send({ error: 'app_id and app_public_key (PEM or bare base64) are required' });
    state.apps.set(str(b.app_id), key);
    return { alipay_public_key: bareBase64(alipay.publicKey) };
  });
  const findTrade = (req: FastifyRequest, reply: FastifyReply) => {
    const b = body(req);
    const trade = state.trade(str(b.app_id), str(b.out_trade_no));
    if (!trade) void reply.code(404).send({ error: 'no such trade' });
    return trade;
  };
  // Pays a trade without the page: a page pay URL (checked as the gateway checks it), or a waiting trade.
  app.post('/sandbox/trades/pay', (req, reply) => {
    const b = body(req);
    let trade: Trade | undefined;
    if (b.url) {
      try {
        trade = pagePay(Object.fromEntries(new URL(str(b.url)).searchParams));
      } catch (e) {
        if (e instanceof Refusal) return reply.code(400).send({ sub_code: e.subCode, field: e.field, message: e.message });
        throw e;
      }
    } else if (!(trade = findTrade(req, reply))) return reply;
    if (trade.status !== 'WAIT_BUYER_PAY') return reply.code(409).send({ error: `trade is ${trade.status}` });
    const returnUrl = payments.pay(trade);
    return { trade_no: trade.tradeNo, return_url: returnUrl ?? null };
  });
  app.post('/sandbox/trades/notify', (req, reply) => {
    const trade = findTrade(req, reply);
    if (!trade) return reply;
    if (!trade.notify) return reply.code(409).send({ error: 'the trade has no notify to send' });
    payments.deliver(trade);
    return { sent: true };
  });
  app.get('/sandbox/trades', (req, reply) => {
    const q = req.query as Record<string, string>;
    const trade = state.trade(q.app_id ?? '', q.out_trade_no ?? '');
    return trade ? { ...trade, notify: trade.notify ?? null } : reply.code(404).send({ error: 'no such trade' });
  });
  app.post('/sandbox/notify-failures', (req, reply) => {
    const count = Number(body(req).count);
    if (!Number.isInteger(count) || count < 0) return reply.code(400).send({ error: 'count: a whole number' });
    state.dropNext = count;
    return { count };
  });

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shown}:${port}`,
    port,
    close: async () => {
      payments.close();
      await app.close();
    },
  };
}
