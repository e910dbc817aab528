import type { BodyOf, routes } from '@app/contract';
import type { ShopCredentials } from '@sandbox/marketplace-b';

/**
 * A new shop on marketplace B's sandbox, made on its developer endpoint (docs/marketplace-b.md#developer-endpoints):
 * its id and the credentials a seller would copy from the marketplace. The browser tests and the publish
 * benchmark seed their TikTok shops with it; `connectBody` turns the credentials into our connect call's body (the
 * API tests of publishing use it too, on shops of their in-process sandbox).
 */
export async function createSandboxShop(sandboxUrl: string, name?: string): Promise<ShopCredentials> {
  const res = await fetch(`${sandboxUrl}/sandbox/shops`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(name === undefined ? {} : { name }),
  });
  if (!res.ok) throw new Error(`POST /sandbox/shops answered ${res.status}`);
  return (await res.json()) as ShopCredentials;
}

/** Connects our shop `id` to a sandbox shop (POST /api/store/connect, docs/api.md#export-and-shops). */
export const connectBody = (id: number, c: ShopCredentials): BodyOf<typeof routes.storeConnect> => ({
  id,
  app_key: c.app_key,
  app_secret: c.app_secret,
  access_token: c.access_token,
  refresh_token: c.refresh_token,
  expires_at: c.expires_at,
  shop_cipher: c.shop_cipher,
  warehouse_id: c.warehouse_id,
});
