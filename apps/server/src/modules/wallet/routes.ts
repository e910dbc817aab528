import type { FastifyInstance } from 'fastify';
import { routes } from '@app/contract';
import { registerRoute } from '../../http/route.js';
import type { WalletService } from './service.js';

/** /api/wallet/* (docs/orders.md#the-wallet). */
export function walletRoutes(app: FastifyInstance, deps: { wallet: WalletService }) {
  registerRoute(app, routes.walletInfo, ({ caller }) => deps.wallet.info(caller));
}
