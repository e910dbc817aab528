import { randomBytes } from 'node:crypto';

/**
 * The gateway's refusal (docs/marketplace-a.md#errors): answered with HTTP 200 as
 * `{"error_response":{"type","code","msg","sub_code"?,"request_id"}}`. Gateway refusals carry IOP's
 * string codes (IncompleteSignature, IllegalTimestamp, IllegalAccessToken, ApiCallLimits, …); the
 * product calls carry the older numeric codes as strings ("40" missing, "41" invalid, "50" business)
 * with a `sub_code` naming the rule and a `msg` naming the field.
 */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    readonly msg: string,
    readonly subCode?: string,
    readonly type: 'ISV' | 'ISP' | 'SYSTEM' = 'ISV',
  ) {
    super(`${code}: ${msg}`);
  }
}

export const missing = (field: string) => new GatewayError('40', `Missing required arguments: ${field}`, 'isv.missing-parameter');
export const invalid = (subCode: string, msg: string) => new GatewayError('41', `Invalid arguments: ${msg}`, subCode);
export const business = (subCode: string, msg: string) => new GatewayError('50', `Business error: ${msg}`, subCode);

export function requestId(): string {
  return randomBytes(8).toString('hex');
}

export function errorBody(e: GatewayError, rid: string) {
  return {
    error_response: {
      type: e.type,
      code: e.code,
      msg: e.msg,
      ...(e.subCode ? { sub_code: e.subCode } : {}),
      request_id: rid,
    },
  };
}
