// Payments (docs/payments.md): the payment provider behind wallet recharges, and its in-process sandbox.
import type { AppConfig } from '../../config.js';
import { alipayProvider } from './alipay.js';
import type { PaymentProvider } from './provider.js';

export type { PagePayRequest, PaymentProvider, TradeState, VerifiedNotify } from './provider.js';
export { alipayProvider, type AlipaySettings } from './alipay.js';
export { startPaymentSandboxIfUnset } from './sandbox.js';

/**
 * The provider the configuration names (PAYMENT_*), or the in-process sandbox's once main.ts started it
 * (startPaymentSandboxIfUnset). Throws when neither is there: call it after the sandbox has started.
 */
export function paymentProviderFrom(config: AppConfig): PaymentProvider {
  const p = config.payment;
  if (!p.gatewayUrl || !p.appId || !p.appPrivateKey || !p.alipayPublicKey)
    throw new Error('No payment provider: set PAYMENT_GATEWAY_URL and its keys, or start the sandbox first (docs/payments.md)');
  return alipayProvider({ gatewayUrl: p.gatewayUrl, appId: p.appId, appPrivateKey: p.appPrivateKey, alipayPublicKey: p.alipayPublicKey });
}
