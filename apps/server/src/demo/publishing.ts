import { routes } from '@app/contract';
import type { Services } from '../services.js';

/** The demo account's shops on the two marketplaces (docs/publishing.md#demo). */
export const DEMO_PUBLISH_SHOPS = { a: 'Demo AliExpress', b: 'Demo TikTok Shop' } as const;
/** Leaf categories of the sandboxes (docs/marketplace-a.md, docs/marketplace-b.md): T-shirts on both. */
const A_CATEGORY = 200000346;
const B_CATEGORY = 601226;

/**
 * When the sandboxes run in this process (no marketplace URL configured), the demo account gets a connected
 * AliExpress shop and a connected TikTok Shop shop, with one template each, so a newcomer can publish a demo
 * product on the first run (docs/publishing.md#demo). Idempotent on restart: the in-process sandbox forgets its state, so
 * each start makes a fresh sandbox shop (its developer endpoint), connects our shop to it again (through
 * shops.connect, secrets sealed) and forgets the images the old sandbox held.
 */
export async function seedDemoPublishing(services: Services): Promise<void> {
  const { config, db, shops, marketTemplates } = services;
  if (!config.sandboxesInProcess || !config.marketplaceUrls.a || !config.marketplaceUrls.b) return;
  const demo = await db.db.selectFrom('account').select('id').where('username', '=', 'demo').executeTakeFirst();
  if (!demo) return;
  const caller = await services.accounts.resolver.resolveAccount(Number(demo.id));
  if (!caller || caller === 'disabled') return;

  const shopOf = async (platform: 2 | 15, name: string) => {
    const row = await db.db
      .selectFrom('store')
      .select('id')
      .where('owner_id', '=', caller.id)
      .where('platform', '=', platform)
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? Number(row.id) : (await shops.add(caller, { pid: platform, name })).id;
  };
  const developerShop = async (url: string, name: string) => {
    const res = await fetch(`${url}/sandbox/shops`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (!res.ok) throw new Error(`sandbox ${url} refused a demo shop: HTTP ${res.status}`);
    return (await res.json()) as Record<string, string | number>;
  };

  const a = await shopOf(2, DEMO_PUBLISH_SHOPS.a);
  const ca = await developerShop(config.marketplaceUrls.a, DEMO_PUBLISH_SHOPS.a);
  await shops.connect(caller, {
    id: a,
    app_key: String(ca.app_key),
    app_secret: String(ca.app_secret),
    access_token: String(ca.access_token),
    refresh_token: String(ca.refresh_token ?? ''),
    expires_at: Number(ca.expires_at),
  });
  const b = await shopOf(15, DEMO_PUBLISH_SHOPS.b);
  const cb = await developerShop(config.marketplaceUrls.b, DEMO_PUBLISH_SHOPS.b);
  await shops.connect(caller, {
    id: b,
    app_key: String(cb.app_key),
    app_secret: String(cb.app_secret),
    access_token: String(cb.access_token),
    refresh_token: String(cb.refresh_token),
    expires_at: Number(cb.expires_at),
    shop_cipher: String(cb.shop_cipher),
    warehouse_id: String(cb.warehouse_id),
  });
  // The new sandbox shop holds none of the images the last run uploaded.
  await db.db.deleteFrom('remote_image').where('store_id', 'in', [a, b]).execute();

  if ((await marketTemplates.aliexpress.list(caller, routes.aliexpressTemplateList.query.parse({ store_id: a }))).count === 0)
    await marketTemplates.aliexpress.add(
      caller,
      routes.aliexpressTemplateAdd.body.parse({
        store_id: a,
        name: 'T恤 · 速卖通',
        category_id: A_CATEGORY,
        freight_template_id: 1001,
        promise_template_id: 2001,
        weight: 0.25,
        package_length: 30,
        package_width: 25,
        package_height: 3,
        brand_name: 'Sunny Prints',
      }),
    );
  if ((await marketTemplates.tiktok.list(caller, routes.tiktokTemplateList.query.parse({ store_id: b }))).count === 0)
    await marketTemplates.tiktok.add(
      caller,
      routes.tiktokTemplateAdd.body.parse({
        store_id: b,
        name: 'T-shirt · TikTok',
        category_id: B_CATEGORY,
        package_weight: 0.25,
        package_length: 30,
        package_width: 25,
        package_height: 3,
      }),
    );
}
