import { z } from 'zod';
import { plainName } from './sellerText.js';
import { num } from './numbers.js';
import { defineRoute } from './route.js';
import { STOCK_MODES } from './listingStock.js';

/**
 * Shops (店铺; docs/api.md#export-and-shops): a seller's shops, one marketplace each. The tree of
 * getlist is one node per marketplace with the seller's shops under it (`id, name, stores`).
 * Marketplace A (2) and B (15) shops connect online (docs/security.md#marketplace-secrets): `connect` stores the credentials, sealed at
 * rest; getlist shows only whether a shop is connected, its token's expiry and whether it needs reconnecting.
 */

/**
 * The marketplaces a shop belongs to, by platform code, in the order the tree lists them. Platform codes
 * (docs/limits.md#marketplaces): 2 (marketplace A) and 15 (marketplace B); 1 matches the pricing templates' platform_type of the large
 * marketplace, and 3 is our choice for the Walmart-style one.
 */
export const MARKETPLACES = [
  { code: 1, name: { zh: '亚马逊', en: 'Amazon' } },
  { code: 3, name: { zh: '沃尔玛', en: 'Walmart' } },
  { code: 2, name: { zh: '速卖通', en: 'AliExpress' } },
  { code: 15, name: { zh: 'TikTok Shop', en: 'TikTok Shop' } },
] as const;
export type MarketplaceCode = (typeof MARKETPLACES)[number]['code'];
export const isMarketplaceCode = (code: number): code is MarketplaceCode => MARKETPLACES.some((m) => m.code === code);

/** A shop name's longest length, in characters, after trimming. */
export const STORE_NAME_MAX = 50;

const id = num(z.number().int().positive());
const platform = num(z.number().int());
/** Checked by the server (empty, too long) so the seller reads why in their language; bounded here for the body. */
const name = plainName(z.string().max(1000));

export const store = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its marketplace's platform code. */
  pid: z.number().int(),
  owner_id: z.number().int(),
  /** The owning account's username: a parent lists its sub-accounts' shops too. */
  username: z.string(),
  /** Unix seconds. */
  createtime: z.number().int(),
  /** Whether the shop holds a marketplace connection (A and B only; never a secret here). */
  connected: z.boolean(),
  /** The access token's expiry, unix seconds; null when not connected. */
  token_expires_at: z.number().int().nullable(),
  /** A token refresh failed: the seller must connect again. */
  needs_reconnect: z.boolean(),
  /** The shop's stock setting (docs/publishing.md#stock): a quantity per SKU, or made to order with handling days. */
  stock_mode: z.enum(STOCK_MODES),
  stock_quantity: z.number().int(),
  handling_days: z.number().int(),
  /** The title template and keyword set the export dialog and publish tab start with for this shop (0: none; docs/listing-tools.md#shop-defaults). */
  title_template_id: z.number().int(),
  keyword_set_id: z.number().int(),
  /** The barcode maker its exports and publishes take codes from (docs/listing-tools.md#barcodes); 0: none. */
  barcode_maker_id: z.number().int(),
});
export type Store = z.infer<typeof store>;

/** The marketplaces whose shops connect online (A and B; docs/limits.md#marketplaces). */
export const CONNECTABLE_MARKETPLACES: readonly number[] = [2, 15];
/** A credential's longest length, in characters. */
export const STORE_CREDENTIAL_MAX = 2000;
/**
 * The seller's label of each credential of a connection: the marketplaces' own names, as their open platforms
 * show them (the connect dialog's fields, and the server's "enter the …" message).
 */
export const STORE_CREDENTIAL_LABELS = {
  app_key: 'App Key',
  app_secret: 'App Secret',
  access_token: 'Access Token',
  refresh_token: 'Refresh Token',
  shop_cipher: 'Shop Cipher',
  warehouse_id: 'Warehouse ID',
} as const;
export type StoreCredential = keyof typeof STORE_CREDENTIAL_LABELS;
/** Checked by the server (required per marketplace) so the seller reads which one is missing. */
const credential = z.string().max(STORE_CREDENTIAL_MAX).optional();

/** One marketplace of the tree: its platform code as id, its name in the caller's language, its shops. */
export const storeMarketplace = z.object({ id: z.number().int(), name: z.string(), stores: z.array(store) });
export type StoreMarketplace = z.infer<typeof storeMarketplace>;

export const storeRoutes = {
  storeList: defineRoute({
    method: 'GET',
    path: '/api/store/getlist',
    summary: "The caller's shops (a parent's include its sub-accounts'), one node per marketplace; type: one marketplace only",
    tag: 'stores',
    auth: true,
    query: z.object({ type: platform.optional() }),
    data: z.object({ list: z.array(storeMarketplace) }),
  }),
  storeAdd: defineRoute({
    method: 'POST',
    path: '/api/store/add',
    summary: 'Add a shop on a marketplace (pid: its platform code)',
    tag: 'stores',
    auth: true,
    body: z.strictObject({ pid: platform, name }),
    data: store,
  }),
  storeUpdate: defineRoute({
    method: 'POST',
    path: '/api/store/update',
    summary: 'Rename a shop',
    tag: 'stores',
    auth: true,
    body: z.strictObject({ id, name }),
    data: store,
  }),
  storeDel: defineRoute({
    method: 'POST',
    path: '/api/store/del',
    summary: 'Delete a shop',
    tag: 'stores',
    auth: true,
    body: z.strictObject({ id }),
    data: z.object({ id: z.number().int() }),
  }),
  storeConnect: defineRoute({
    method: 'POST',
    path: '/api/store/connect',
    summary:
      "Connect (or reconnect) a marketplace A or B shop: its app key and secret, tokens, the access token's expiry (unix seconds), for B the shop cipher and warehouse id. Secrets are kept encrypted and never returned",
    tag: 'stores',
    auth: true,
    body: z.strictObject({
      id,
      app_key: credential,
      app_secret: credential,
      access_token: credential,
      refresh_token: credential,
      expires_at: num(z.number().int()).optional(),
      shop_cipher: credential,
      warehouse_id: credential,
    }),
    data: store,
  }),
  storeStock: defineRoute({
    method: 'POST',
    path: '/api/store/stock',
    summary:
      "Set a shop's stock (docs/publishing.md#stock): a quantity per SKU, or made to order (the marketplace's largest stock and the handling days). Templates may override it",
    tag: 'stores',
    auth: true,
    body: z.strictObject({
      id,
      stock_mode: z.enum(STOCK_MODES),
      stock_quantity: num(z.number().int()).default(0),
      handling_days: num(z.number().int()).default(0),
    }),
    data: store,
  }),
  storeTitleDefaults: defineRoute({
    method: 'POST',
    path: '/api/store/titleDefaults',
    summary:
      "The shop's default title template and keyword set (0: none), which the export dialog and publish tab start with; each must be one its owner can use",
    tag: 'stores',
    auth: true,
    body: z.strictObject({ id, title_template_id: num(z.number().int().min(0)), keyword_set_id: num(z.number().int().min(0)) }),
    data: store,
  }),
  storeSetBarcodeMaker: defineRoute({
    method: 'POST',
    path: '/api/store/setBarcodeMaker',
    summary: "Choose the barcode maker a shop's exports and publishes take a code per variant from (maker_id 0: none)",
    tag: 'stores',
    auth: true,
    body: z.strictObject({ id, maker_id: num(z.number().int().min(0)) }),
    data: store,
  }),
  storeDisconnect: defineRoute({
    method: 'POST',
    path: '/api/store/disconnect',
    summary: "Forget a shop's marketplace connection (our call; the shop stays)",
    tag: 'stores',
    auth: true,
    body: z.strictObject({ id }),
    data: store,
  }),
} as const;
