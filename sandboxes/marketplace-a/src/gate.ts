import type { FastifyRequest } from 'fastify';
import { GatewayError, invalid } from './errors.js';
import { LIMITS } from './limits.js';
import { signIop, signMatches } from './signing.js';
import type { FlowControl, SandboxState, Shop } from './state.js';

/** A call's query and form parameters (form wins). */
export type Params = Record<string, string>;
/** The multipart file `image_bytes` of a photo-bank upload. */
export interface Upload {
  bytes: Buffer;
  truncated: boolean;
}
/** A gateway method: the shop the call authenticated as, its parameters and upload; answers the method's response body. */
export type Handler = (shop: Shop, params: Params, upload: Upload | undefined) => Promise<unknown> | unknown;

/**
 * Query and form parameters (form wins), and the multipart file `image_bytes` if any. `gate` runs on the
 * parameters read so far when the file part starts, before a byte of it is read: the signed parameters come
 * before the file (docs/marketplace-a.md#photo-bank-upload), so a bad sign never has its upload buffered.
 */
export async function readParams(
  req: FastifyRequest,
  gate?: (p: Params) => Shop,
): Promise<{ params: Params; upload?: Upload; shop?: Shop }> {
  const params: Params = {};
  for (const [k, v] of Object.entries(req.query as Record<string, unknown>)) if (typeof v === 'string') params[k] = v;
  const type = String(req.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) throw invalid('isv.content-type', 'the gateway takes query or form parameters, not a JSON body');
  let upload: Upload | undefined;
  let shop: Shop | undefined;
  if (req.isMultipart()) {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (gate && !shop) shop = gate(params);
        // Read by hand: past the size limit busboy truncates the stream, which is the answer we want (not a 413).
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.fieldname === 'image_bytes') upload = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
      } else if (typeof part.value === 'string') params[part.fieldname] = part.value;
    }
  } else if (req.body && typeof req.body === 'object') {
    for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) if (typeof v === 'string') params[k] = v;
  }
  return { params, ...(upload ? { upload } : {}), ...(shop ? { shop } : {}) };
}

/** The gateway's checks, in order: app key, flow control, signature, timestamp, session. */
export function authenticator(state: SandboxState, flow: FlowControl, now: () => number) {
  return function authenticate(params: Params, apiPath: string, needSession: boolean): Shop {
    if (!params.app_key) throw new GatewayError('MissingAppKey', 'Missing app_key');
    const shop = state.shopByAppKey(params.app_key);
    if (!shop) throw new GatewayError('InvalidAppKey', 'Specified app_key is invalid');
    const ban = flow.admit(`${shop.appKey}|${params.session ?? ''}`);
    if (ban !== null)
      throw new GatewayError('ApiCallLimits', `The request has exceeded the limit. This ban will last ${ban} seconds`, undefined, 'ISP');
    if (!params.sign) throw new GatewayError('MissingSignature', 'Missing sign');
    if (params.sign_method !== 'sha256')
      throw new GatewayError('InvalidSignMethod', 'Specified sign_method is invalid: only sha256 is supported');
    if (!signMatches(params.sign, signIop(shop.appSecret, apiPath, params)))
      throw new GatewayError('IncompleteSignature', 'The request signature does not conform to platform standards');
    if (!params.timestamp) throw new GatewayError('MissingTimestamp', 'Missing timestamp');
    const ts = Number(params.timestamp);
    if (!/^\d{13}$/.test(params.timestamp) || Math.abs(now() - ts) > LIMITS.timestampSkewMs)
      throw new GatewayError(
        'IllegalTimestamp',
        `The timestamp must be milliseconds within ${LIMITS.timestampSkewMs / 60000} minutes of the gateway's clock`,
      );
    if (needSession) {
      if (!params.session) throw new GatewayError('MissingAccessToken', 'Missing session (access token)');
      if (params.session !== shop.accessToken) throw new GatewayError('IllegalAccessToken', 'The specified access token is invalid');
      if (now() >= shop.accessExpiresAt) throw new GatewayError('IllegalAccessToken', 'The specified access token has expired');
    }
    return shop;
  };
}
