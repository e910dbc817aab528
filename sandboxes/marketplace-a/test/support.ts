import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { signIop } from '../src/signing.js';
import type { ShopCredentials } from '../src/server.js';

/** A minimal signed client for the sandbox's own tests (written here, not taken from the product's adapter). */
export interface CallOptions {
  timestamp?: number;
  session?: string;
  /** Changes the sign after computing it (a wrong or lower-case sign). */
  tamper?: (sign: string) => string;
  file?: { bytes: Buffer; name: string; type: string };
  /** Send the parameters as a JSON body instead of the query. */
  json?: boolean;
}

export async function gateway(
  url: string,
  shop: ShopCredentials,
  method: string,
  api: Record<string, string>,
  now: number,
  o: CallOptions = {},
): Promise<any> {
  const params: Record<string, string> = {
    app_key: shop.app_key,
    method,
    session: o.session ?? shop.access_token,
    sign_method: 'sha256',
    timestamp: String(o.timestamp ?? now),
    format: 'json',
    ...api,
  };
  const sign = signIop(shop.app_secret, '', params);
  params.sign = o.tamper ? o.tamper(sign) : sign;
  if (o.json) {
    const res = await fetch(`${url}/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    return res.json();
  }
  if (o.file) {
    const form = new FormData();
    form.append('image_bytes', new Blob([new Uint8Array(o.file.bytes)], { type: o.file.type }), o.file.name);
    const res = await fetch(`${url}/sync?${new URLSearchParams(params)}`, { method: 'POST', body: form });
    return res.json();
  }
  const res = await fetch(`${url}/sync`, { method: 'POST', body: new URLSearchParams(params) });
  return res.json();
}

export async function refresh(
  url: string,
  shop: ShopCredentials,
  refreshToken: string,
  now: number,
  apiPathForSign = '/auth/token/refresh',
): Promise<any> {
  const params: Record<string, string> = {
    app_key: shop.app_key,
    refresh_token: refreshToken,
    sign_method: 'sha256',
    timestamp: String(now),
  };
  params.sign = signIop(shop.app_secret, apiPathForSign, params);
  const res = await fetch(`${url}/rest/auth/token/refresh`, { method: 'POST', body: new URLSearchParams(params) });
  return res.json();
}

export const png = (w: number, h: number, noise = false) =>
  noise
    ? sharp(randomBytes(w * h * 3), {
        raw: { width: w, height: h, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer()
    : sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 30 } } })
        .png()
        .toBuffer();
export const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 30, b: 200 } } })
    .jpeg()
    .toBuffer();
