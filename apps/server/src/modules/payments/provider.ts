/** What a page pay needs: the recharge's own number, its amount in yuan as decimal text, and where to come back. */
export interface PagePayRequest {
  /** Ours, unique per recharge: 64 letters, digits or underscores at most (docs/payments.md#the-adapter). */
  outTradeNo: string;
  /** Yuan, decimal text with at most two decimals, within [0.01, 100000000]. */
  amount: string;
  subject: string;
  /** Where the seller's browser comes back to after paying. */
  returnUrl: string;
  /** Where the provider posts the payment's notify (x-www-form-urlencoded). */
  notifyUrl: string;
}

/** A notify whose signature holds, with what it says; `paid` is the trade's status, not a check of the amount. */
export type VerifiedNotify = { ok: true; outTradeNo: string; tradeNo: string; totalAmount: string; paid: boolean } | { ok: false };

export interface TradeState {
  state: 'paid' | 'waiting' | 'closed' | 'unknown';
  tradeNo?: string;
  /** Yuan, decimal text as the provider wrote it. */
  totalAmount?: string;
}

/**
 * The payment provider behind wallet recharges (docs/payments.md#the-adapter): the URL of its pay page,
 * the check of its notify, and the state of a trade asked for directly (for a notify that never came).
 */
export interface PaymentProvider {
  pagePayUrl(req: PagePayRequest): string;
  verifyNotify(params: Record<string, string>): VerifiedNotify;
  queryTrade(outTradeNo: string): Promise<TradeState>;
}
