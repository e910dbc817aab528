import type { PaymentState } from './state.js';
import { rsa2Verify, signContent } from './signing.js';

/**
 * A refused request: Alipay's code (40001 missing argument, 40002 invalid argument, 40004 business failure),
 * its sub_code, and the field at fault (docs/payments.md#the-sandbox).
 */
export class Refusal extends Error {
  constructor(
    readonly code: '40001' | '40002' | '40004',
    readonly subCode: string,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const missing = (field: string) => new Refusal('40001', `isv.missing-${field.replaceAll('_', '-')}`, field, `缺少参数 ${field}`);
const URL_RE = /^https?:\/\/[^\s]+$/;

/**
 * The public parameters every gateway call carries, then the signature: RSA2 over every other parameter
 * (sign_type included), sorted by key, checked with the app's registered public key.
 */
export function checkSignedCall(params: Record<string, string>, state: PaymentState): void {
  for (const f of ['app_id', 'method', 'charset', 'sign_type', 'sign', 'timestamp', 'version']) if (!params[f]) throw missing(f);
  const key = state.apps.get(params.app_id!);
  if (!key) throw new Refusal('40002', 'isv.invalid-app-id', 'app_id', `无效的AppID参数 app_id=${params.app_id}`);
  if (params.charset!.toLowerCase() !== 'utf-8') throw new Refusal('40002', 'isv.invalid-charset', 'charset', '字符集错误');
  if (params.sign_type !== 'RSA2') throw new Refusal('40002', 'isv.invalid-signature-type', 'sign_type', '无效的签名类型');
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp!))
    throw new Refusal('40002', 'isv.invalid-timestamp', 'timestamp', '非法的时间戳参数（格式 yyyy-MM-dd HH:mm:ss）');
  if (params.version !== '1.0') throw new Refusal('40002', 'isv.invalid-parameter', 'version', 'version 只能是 1.0');
  if (!rsa2Verify(signContent(params, ['sign']), params.sign!, key))
    throw new Refusal('40002', 'isv.invalid-signature', 'sign', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配');
  for (const f of ['notify_url', 'return_url'])
    if (params[f] !== undefined && (params[f]!.length > 256 || !URL_RE.test(params[f]!)))
      throw new Refusal('40002', 'isv.invalid-parameter', f, `${f} 须为 http/https 开头、256 个字符以内`);
}

const invalid = (field: string, message: string) => new Refusal('40002', 'ACQ.INVALID_PARAMETER', field, message);

/** biz_content as a JSON object, else refused. */
export function bizContent(params: Record<string, string>): Record<string, unknown> {
  if (!params.biz_content) throw missing('biz_content');
  try {
    const v = JSON.parse(params.biz_content) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw invalid('biz_content', 'biz_content 须为 JSON 对象');
}

/** out_trade_no: 64 characters at most, letters, digits and underscores (alipay.trade.page.pay). */
export function outTradeNo(biz: Record<string, unknown>): string {
  const v = biz.out_trade_no;
  if (typeof v !== 'string' || v === '') throw missing('out_trade_no');
  if (v.length > 64 || !/^[A-Za-z0-9_]+$/.test(v)) throw invalid('out_trade_no', 'out_trade_no 须为 64 个字符以内的字母、数字、下划线');
  return v;
}

/** An amount in yuan as integer fen: at most two decimals, within [0.01, 100000000]; undefined if not. */
export function fen(text: string): bigint | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const v = BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return v >= 1n && v <= 10_000_000_000n ? v : undefined;
}

export const yuan = (f: bigint) => `${f / 100n}.${String(f % 100n).padStart(2, '0')}`;

/** The page pay's business fields, checked as alipay.trade.page.pay documents them. */
export function pagePayFields(biz: Record<string, unknown>) {
  const out = outTradeNo(biz);
  const amount = biz.total_amount;
  if (amount === undefined || amount === '') throw missing('total_amount');
  const f = fen(String(amount));
  if (f === undefined) throw invalid('total_amount', 'total_amount 单位为元，最多两位小数，取值范围 [0.01, 100000000]');
  const subject = biz.subject;
  if (typeof subject !== 'string' || subject === '') throw missing('subject');
  if (subject.length > 256) throw invalid('subject', 'subject 不能超过 256 个字符');
  if (biz.product_code !== 'FAST_INSTANT_TRADE_PAY')
    throw invalid('product_code', 'product_code 须为 FAST_INSTANT_TRADE_PAY（电脑网站支付）');
  return { outTradeNo: out, totalAmount: yuan(f), subject };
}
