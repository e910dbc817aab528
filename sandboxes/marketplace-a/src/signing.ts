import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The IOP signature (iop-sdk-python base.py; docs/marketplace-a.md#signing):
 * upper-case hex of HMAC-SHA256(app secret, [API path when the API name holds a '/'] + every parameter
 * but `sign` and the uploaded file, sorted by name, each as name + value with nothing between).
 * Parameters with an empty value take part too (as the Python SDK does).
 * Written again from the documentation, not imported from the adapter's aliexpressGateway.ts: the sandbox never
 * imports the product's code, so it checks the adapter's signature independently (docs/marketplace-a.md, README.md#architecture).
 */
export function signIop(secret: string, apiPath: string, params: Record<string, string>): string {
  const base =
    apiPath +
    Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => k + params[k])
      .join('');
  return createHmac('sha256', secret).update(base, 'utf8').digest('hex').toUpperCase();
}

/** Constant-time equality of a sent sign and the expected one; a lower-case sign is a different sign. */
export function signMatches(sent: string, expected: string): boolean {
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
