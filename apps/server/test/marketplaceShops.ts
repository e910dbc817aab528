import type { ShopCredentials as ShopA } from '@sandbox/marketplace-a';
import type { ShopCredentials as ShopB } from '@sandbox/marketplace-b';
import { MarketplaceError } from '../src/modules/publish/adapters/types.js';
import type { ShopConnection } from '../src/modules/shops/index.js';

/** A sandbox shop of marketplace A as the adapters take it (docs/marketplace-a.md#developer-endpoints). */
export const aliexpressConnection = (s: ShopA): ShopConnection => ({
  platform: 2,
  app_key: s.app_key,
  app_secret: s.app_secret,
  access_token: s.access_token,
  refresh_token: s.refresh_token,
  token_expires_at: s.expires_at,
  shop_cipher: '',
  warehouse_id: '',
});

/** A sandbox shop of marketplace B as the adapters take it (docs/marketplace-b.md#developer-endpoints). */
export const tiktokConnection = (s: ShopB): ShopConnection => ({
  platform: 15,
  app_key: s.app_key,
  app_secret: s.app_secret,
  access_token: s.access_token,
  refresh_token: s.refresh_token,
  token_expires_at: s.expires_at,
  shop_cipher: s.shop_cipher,
  warehouse_id: s.warehouse_id,
});

/** An AliExpress template every sandbox check accepts (docs/market-templates.md). */
export const AE_TEMPLATE = {
  category_id: 200000346,
  attributes: [{ attr_name: 'Material', attr_value: 'Cotton' }],
  freight_template_id: '1000',
  promise_template_id: '2000',
  product_unit: '100000015',
  weight: 0.25,
  package_length: 30,
  package_width: 20,
  package_height: 3,
  language: 'en',
  brand_name: 'NoBrand',
};

/** A TikTok template every sandbox check accepts (docs/market-templates.md). */
export const TIKTOK_TEMPLATE = {
  category_id: '601226',
  brand_id: '',
  warehouse_id: '',
  package_weight: 0.3,
  weight_unit: 'KILOGRAM',
  package_length: 30,
  package_width: 20,
  package_height: 3,
  dimension_unit: 'CENTIMETER',
  size_chart_uri: '',
  description_template: '',
  save_mode: 'LISTING',
};

/** The MarketplaceError a call is refused with (anything else, or no refusal, fails the test). */
export async function failure(p: Promise<unknown>): Promise<MarketplaceError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof MarketplaceError) return e;
    throw e;
  }
  throw new Error('expected a MarketplaceError');
}
