import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import { NOTIFY_PATH, type RechargeService } from './recharges.js';
import type { WalletService } from './service.js';
import type { BillService } from './bills.js';
import type { BillExportService } from './billExports.js';
import { attachment } from '../downloads/index.js';

/**
 * /api/wallet/* (docs/orders.md#the-wallet), /api/bill/* (docs/orders.md#bills, its exports #export) and the payment provider's notify
 * (docs/orders.md#recharging).
 */
export function walletRoutes(
  app: FastifyInstance,
  deps: { wallet: WalletService; recharges: RechargeService; bills: BillService; billExports: BillExportService },
) {
  registerRoute(app, routes.walletInfo, ({ caller }) => deps.wallet.info(caller));
  registerRoute(app, routes.billList, ({ caller, query }) => deps.bills.list(caller, query));
  registerRoute(app, routes.billStatistics, ({ caller, query }) => deps.bills.statistics(caller, query));
  registerRoute(app, routes.billChildStatistics, ({ caller, query }) => deps.bills.childStatistics(caller, query));
  registerRoute(app, routes.billExport, ({ caller, lang, query }) => deps.billExports.start(caller, lang, query));
  registerRoute(app, routes.billExportLog, ({ caller, query }) => deps.billExports.log(caller, query));
  registerRoute(app, routes.billExportDownload, async ({ caller, query, reply }) => {
    const file = await deps.billExports.download(caller, query.id);
    return reply
      .type(file.type)
      .header('content-disposition', attachment(file.name))
      .header('content-length', file.size)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
  registerRoute(app, routes.walletRecharge, ({ caller, body, lang }) => deps.recharges.start(caller, body.amount, lang, body.back_to));
  registerRoute(app, routes.walletGetRecharge, ({ caller, query }) => deps.recharges.get(caller, query.id));
  void app.register(notifyRoute, { recharges: deps.recharges });
}

/**
 * POST /api/pay/notify: the provider's server posts a form (x-www-form-urlencoded), with no session and from no
 * page of ours, so it is no contract route: its proof is the provider's signature (verifyNotify), checked before
 * anything is read from the database. It is exempt from the cross-site check (`signedByProvider`,
 * docs/security.md#csrf): no cookie is read, and a provider or proxy adding an Origin header must not be refused. The answer is exactly `success` or `failure` as plain text,
 * what the provider reads (docs/payments.md#the-adapter). Its form parser is registered in this plugin only.
 */
async function notifyRoute(app: FastifyInstance, opts: { recharges: RechargeService }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post(
    NOTIFY_PATH,
    {
      config: { signedByProvider: true },
      schema: {
        summary: "The payment provider's notify of a recharge's payment (form, signed; answers success or failure)",
        tags: ['orders'],
      },
    },
    async (req, reply) => {
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) if (typeof v === 'string') params[k] = v;
      const answer = await opts.recharges.notify(params);
      return reply.type('text/plain; charset=utf-8').send(answer);
    },
  );
}
