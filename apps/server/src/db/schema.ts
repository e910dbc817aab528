import type { Generated } from 'kysely';

/** Table types, shared by both dialects. Times are unix milliseconds unless a name says seconds. */
export interface AccountTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  nickname: string;
  level: number;
  /** The parent account; null for a top-level account. Sub-accounts are owned by their parent. */
  parent_id: number | null;
  office_id: number | null;
  disabled: Generated<number>;
  created_at: number;
  /** When the level ends (milliseconds); null: no end (docs/membership.md#the-end). Copied to every account of a family. */
  level_ends_at: number | null;
  /** The level the account returns to when `level_ends_at` passes (docs/membership.md#the-end). */
  level_base: Generated<number>;
}

export interface OfficeTable {
  id: Generated<number>;
  /** The top-level account whose family the office belongs to. */
  owner_id: number;
  name: string;
  created_at: number;
}

export interface SessionTable {
  /** sha256 of the token: a leaked database does not leak live sessions. */
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
}

export interface LoginFailureTable {
  id: Generated<number>;
  username: string;
  address: string;
  at: number;
}

export interface CategoryTable {
  id: Generated<number>;
  code: string;
  pid: Generated<number>;
  name: string;
  sort: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  code: string;
  cid: number;
  name: string;
  /** The English name, the default listing title (docs/catalogue-format.md#colours-and-sizes-in-english); '' when none. */
  name_en: Generated<string>;
  tag: number | null;
  level: Generated<number>;
  thumb: string;
  min_price: Generated<number>;
  /** Grams of one unit, packed (0031): the shipping weight (docs/orders.md#shipping). */
  weight_g: Generated<number>;
  /** JSON of the normalised manifest (modules/catalogue/manifest.ts ProductSpec). */
  spec: string;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface ProductSkuTable {
  id: Generated<number>;
  product_id: number;
  color: string;
  color_code: string;
  size: string;
  /** The colour's English name and family, the size's English name (docs/catalogue-format.md#colours-and-sizes-in-english). */
  color_en: Generated<string>;
  color_family: Generated<string>;
  size_en: Generated<string>;
  price: number;
  sort: Generated<number>;
}

export interface MaterialFolderTable {
  id: Generated<number>;
  owner_id: number;
  pid: Generated<number>;
  title: string;
  sort: Generated<number>;
  created_at: number;
}

export interface MaterialTable {
  id: Generated<number>;
  owner_id: number;
  fid: Generated<number>;
  name: string;
  level: Generated<number>;
  format: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  image_key: string;
  thumb_key: string;
  thumb1200_key: string;
  /** The file as it was uploaded, byte for byte (material download); null for older materials. */
  original_key: string | null;
  /** sha256 of the file as uploaded (dedupes originals); null for older materials and made ones. */
  original_sha256: Generated<string | null>;
  created_at: number;
}

export interface MaterialKeywordTable {
  material_id: number;
  owner_id: number;
  keyword: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobTable {
  id: string;
  kind: string;
  owner_id: number;
  /** The owner's family: its parent account, or itself at top level (migration 0022, docs/security.md#fair-shares). */
  family_id: number;
  task_id: string | null;
  payload: string;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: number;
  error: string | null;
  result: string | null;
  /** Items done of total, for the kinds that report progress (migration 0009). */
  progress_done: number | null;
  progress_total: number | null;
  lease_until: number | null;
  run_after: number;
  created_at: number;
  updated_at: number;
}

export type FinishedStatus = 'pending' | 'ready' | 'failed';

export interface FinishedTable {
  id: Generated<number>;
  owner_id: number;
  key_id: string;
  task_id: string;
  product_id: number;
  attr_id: number;
  product_name: string;
  cid: number;
  cate_name: string;
  export_name: Generated<string>;
  material_img_name: Generated<string>;
  keyword: Generated<string>;
  material: Generated<string>;
  material_color: Generated<string>;
  color: Generated<string>;
  size: Generated<string>;
  remark: Generated<string>;
  group_id: Generated<number>;
  store: Generated<string>;
  order_num: Generated<number>;
  combine_rule: Generated<string>;
  combine_rule_type: Generated<number>;
  /** JSON arrays / objects as text. */
  img_urls: Generated<string>;
  small_imgs: Generated<string>;
  thumb: Generated<string>;
  print_urls: Generated<string>;
  extends: string;
  layerdata: string;
  source_ids: Generated<string>;
  design_hash: string;
  is_online: Generated<number>;
  status: FinishedStatus;
  /** Unix seconds (the list's time filters are seconds, docs/api.md#finished-products). */
  createtime: number;
  updated_at: number;
  /** The combination this product is a child of (it leaves the list while combined), else null. */
  combined_into: number | null;
  /** 1 for the child that is its combination's parent. */
  combo_as_parent: Generated<number>;
  combo_sort: Generated<number>;
  /** A combination's number of childs (0 for a product that is not a combination). */
  child_count: Generated<number>;
}

/** Listed finished products per owner, product, category, group, type and day (db/tally.ts). */
export interface FinishedTallyTable {
  owner_id: number;
  product_id: number;
  cid: number;
  group_id: number;
  combine_rule_type: number;
  day: number;
  n: number;
}

export type FinishedTallyTotalTable = Omit<FinishedTallyTable, 'day'>;
export type FinishedTallyOwnerDayTable = Pick<FinishedTallyTable, 'owner_id' | 'day' | 'n'>;

export interface FinishedGramTallyTable {
  gram: string;
  owner_id: number;
  n: number;
}

export interface FinishedNameTallyTable {
  owner_id: number;
  name: string;
  n: number;
}

/** Every material name of a finished product, for the name search's gram index. */
export interface FinishedMaterialNameTable {
  id: Generated<number>;
  name: string;
  lower_name: string | null;
}

export interface FinishedMaterialIndexTable {
  version: number;
}

export interface FinishedMaterialGramTable {
  gram: string;
  name_id: number;
}

export interface FinishedGroupTable {
  id: Generated<number>;
  owner_id: number;
  pid: Generated<number>;
  name: string;
  is_locked: Generated<number>;
  created_at: number;
}

export interface FinishedChildTable {
  id: Generated<number>;
  finished_id: number;
  key_id: string;
  color: string;
  color_code: string;
  /** The colour's listing name (English) and family, the seller's to rename (docs/finished.md#listing-names); '' = not given. */
  color_en: Generated<string>;
  color_family: Generated<string>;
  /** 1 when the seller renamed color_en/color_family: a catalogue re-import leaves it alone (0: it follows the catalogue). */
  color_en_own: Generated<number>;
  material: Generated<string>;
  img_urls: Generated<string>;
  sort: Generated<number>;
}

export interface FinishedAttrTable {
  id: Generated<number>;
  finished_id: number;
  child_id: number;
  key_id: string;
  sku_id: number;
  size: string;
  /** The size's listing name (English; docs/finished.md#listing-names); '' = not given. */
  size_en: Generated<string>;
  /** 1 when the seller renamed size_en: a catalogue re-import leaves it alone (0: it follows the catalogue). */
  size_en_own: Generated<number>;
  export_name: Generated<string>;
  material_img_name: Generated<string>;
  keyword: Generated<string>;
  material_color: Generated<string>;
  price: number;
  as_parent: Generated<number>;
  sort: Generated<number>;
  /** This size's own design (save mode 1), or null for the finished product's. */
  extends: string | null;
  /** Mockups of this size in its colour, JSON array. */
  img_urls: Generated<string>;
}

export interface CartItemTable {
  id: Generated<number>;
  owner_id: number;
  product_id: number;
  attr_id: number;
  num: number;
  extends: string;
  source_ids: Generated<string>;
  layerlogs: Generated<string>;
  img_urls: Generated<string>;
  created_at: number;
  updated_at: number;
  /** The finished variant it was added from (0031; 0: a design from the editor). */
  finished_attr_id: Generated<number>;
}

export interface StoreTable {
  id: Generated<number>;
  owner_id: number;
  platform: number;
  name: string;
  createtime: number;
  updated_at: number;
  /** docs/publishing.md#stock (0027): 'quantity' | 'made_to_order'. */
  stock_mode: Generated<string>;
  stock_quantity: Generated<number>;
  handling_days: Generated<number>;
  /** The shop's default title template and keyword set (0028; null: none). */
  title_template_id: Generated<number | null>;
  keyword_set_id: Generated<number | null>;
  /** The barcode maker its exports and publishes draw from (0029); 0: none. */
  barcode_maker_id: Generated<number>;
}

/** A shop's marketplace connection (0018): secrets as sealed text (secrets/sealing.ts). */
export interface StoreConnectionTable {
  store_id: number;
  app_key: string;
  app_secret: string;
  access_token: string;
  refresh_token: string;
  token_expires_at: number;
  shop_cipher: string;
  warehouse_id: string;
  needs_reconnect: Generated<number>;
  updated_at: number;
}

/** Pricing templates (docs/pricing-templates.md): numbers as decimal text, read back exactly (0014). */
export interface PriceTemplateTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  platform_type: number;
  currency_code: string;
  shipping: string;
  exchange_rate: string;
  margin: string;
  platform_fee: string;
  tax_rate: string;
  discount: string;
  rounding: string;
  crossed_out_rounding: string;
  /** JSON list of price rule ids, in the order they apply (0026). */
  rule_ids: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** Exchange rates (0026; docs/pricing-templates.md#exchange-rates): CNY per unit as decimal text, valid from a day. */
export interface ExchangeRateTable {
  currency: string;
  /** YYYY-MM-DD (UTC). */
  valid_from: string;
  cny_per_unit: string;
  created_at: number;
}

/** Price rules (0026; docs/listing-tools.md#price-rules): numbers as decimal text, lists as JSON. */
export interface PriceRuleTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  action: string;
  unit: string;
  value: string;
  sizes: Generated<string>;
  colors: Generated<string>;
  category_ids: Generated<string>;
  price_min: string | null;
  price_max: string | null;
  created_at: number;
  updated_at: number;
}

/** Title templates (0028; docs/listing-tools.md#titles). */
export interface TitleTemplateTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  template: string;
  overflow: string;
  max_length: number;
  created_at: number;
  updated_at: number;
}

/** Keyword sets (0028; docs/listing-tools.md#keywords): the words as JSON text. */
export interface KeywordSetTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  keywords: string;
  created_at: number;
  updated_at: number;
}

/** Banned words (0013; docs/domain.md#banned-words). */
export interface KeywordBanTable {
  id: Generated<number>;
  owner_id: number;
  word: string;
  word_norm: string;
  platform: number;
  action: 'block' | 'strip';
  created_at: number;
}

/** Product templates of the three kinds (0015): the fields a kind does not use are empty. */
export interface ProductTemplateTable {
  id: Generated<number>;
  owner_id: number;
  store_id: number;
  kind: 'amazon' | 'simple' | 'walmart';
  name: string;
  format: number;
  columns: Generated<string>;
  fixed_values: Generated<string>;
  site: Generated<string>;
  category: Generated<string>;
  feed_product_type: Generated<string>;
  item_type: Generated<string>;
  brand_name: Generated<string>;
  manufacturer: Generated<string>;
  department_name: Generated<string>;
  bullet_point1: Generated<string>;
  bullet_point2: Generated<string>;
  bullet_point3: Generated<string>;
  bullet_point4: Generated<string>;
  bullet_point5: Generated<string>;
  generic_keywords: Generated<string>;
  product_description: Generated<string>;
  quantity: Generated<number>;
  variation_theme: Generated<string>;
  sku_prefix: Generated<string>;
  product_type: Generated<string>;
  header_rows: string | null;
  created_at: number;
  updated_at: number;
}

/** Marketplace A's product templates (0019; docs/market-templates.md). */
export interface AliexpressTemplateTable {
  id: Generated<number>;
  owner_id: number;
  store_id: number;
  name: string;
  category_id: number;
  attributes: Generated<string>;
  freight_template_id: number;
  promise_template_id: number;
  product_unit: number;
  weight: number;
  package_length: number;
  package_width: number;
  package_height: number;
  language: string;
  brand_name: Generated<string>;
  /** 0027: the seller SKU prefix and the stock override ('' = the shop's setting). */
  sku_prefix: Generated<string>;
  stock_mode: Generated<string>;
  stock_quantity: Generated<number>;
  handling_days: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Marketplace B's product templates (0019; docs/market-templates.md). */
export interface TiktokTemplateTable {
  id: Generated<number>;
  owner_id: number;
  store_id: number;
  name: string;
  category_id: number;
  brand_id: Generated<string>;
  warehouse_id: Generated<string>;
  package_weight: number;
  weight_unit: 'KILOGRAM' | 'POUND';
  package_length: number;
  package_width: number;
  package_height: number;
  dimension_unit: 'CENTIMETER' | 'INCH';
  size_chart_uri: Generated<string>;
  description_template: string;
  save_mode: 'LISTING' | 'AS_DRAFT';
  /** 0027: the seller SKU prefix and the stock override ('' = the shop's setting). */
  sku_prefix: Generated<string>;
  stock_mode: Generated<string>;
  stock_quantity: Generated<number>;
  handling_days: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Watermarks (0016); `version` grows on every update (the watermarked-copy cache key). */
export interface WatermarkTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  type: 'text' | 'image';
  text: Generated<string>;
  image_blob: string | null;
  font_family: Generated<string>;
  color: Generated<string>;
  font_size: Generated<number>;
  position: number;
  margin: Generated<number>;
  scale: Generated<string>;
  opacity: Generated<string>;
  rotation: Generated<number>;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One offline export (0017, docs/exports.md): made by the call, filled by its job. */
export interface ExportRecordTable {
  id: Generated<number>;
  owner_id: number;
  job_id: Generated<string>;
  kind: string;
  format: number;
  store_id: number;
  store_name: string;
  template_id: number;
  template_name: string;
  product_count: Generated<number>;
  /** Products the file holds and products left out (0024; counted per page as the job goes). */
  written_count: Generated<number>;
  refused_count: Generated<number>;
  row_count: Generated<number>;
  status: string;
  progress: Generated<number>;
  errors: Generated<string>;
  /** JSON [{finished_id, key_id, reasons}]: products written with something the seller should know (0024). */
  warnings: Generated<string>;
  message: Generated<string>;
  message_params: Generated<string>;
  size: Generated<number>;
  file_key: string | null;
  params: string;
  /** sha-256 of the parameters: the same export asked again while this one runs answers this one (0022). */
  request_key: Generated<string | null>;
  created_at: number;
  updated_at: number;
}

/** An image an export made public under an unguessable name (0017, docs/security.md#public-image-copies). */
export interface PublicImageTable {
  name: string;
  blob: string;
  owner_id: number;
  created_at: number;
}

/** Which export wrote a public copy for which product; 0, 0 for a copy older than 0022 (docs/security.md#public-image-copies). */
export interface PublicImageUseTable {
  name: string;
  export_id: number;
  finished_id: number;
}

/** A variant bound to a remote SKU of a marketplace A or B shop (0020, docs/variants.md#sku-bindings). */
export interface SkuBindingTable {
  id: Generated<number>;
  owner_id: number;
  finished_id: number;
  key_id: string;
  store_id: number;
  remote_sku_id: string;
  remote_product_id: string | null;
  createtime: number;
  /** The seller SKU the remote SKU was published with (0042); '' for a binding made by hand. */
  seller_sku: Generated<string>;
}

/** A shop a finished product was exported or published to (0020, docs/variants.md#the-shop-column). */
export interface FinishedStoreTable {
  finished_id: number;
  store_id: number;
  owner_id: number;
  via: 'export' | 'publish';
  last_at: number;
}

/** docs/orders.md (0031). */
export interface AddressTable {
  id: Generated<number>;
  owner_id: number;
  recipient: string;
  phone: string;
  country: string;
  province: string;
  city: string;
  address1: string;
  address2: string;
  postcode: string;
  used_at: number;
}
export interface OrdersTable {
  id: Generated<number>;
  owner_id: number;
  order_no: string;
  status: number;
  orders_type: Generated<number>;
  store_id: Generated<number>;
  items_amount: string;
  shipping_amount: string;
  total: string;
  address: string;
  recipient: string;
  shipping_method: string;
  shipping_name: string;
  shipping_days: string;
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  created_at: number;
  updated_at: number;
  factory_ref: Generated<string>;
  factory_order_id: Generated<string>;
  production_state: Generated<string>;
  exception: Generated<string>;
  exception_detail: Generated<string>;
  tracking_url: Generated<string>;
}
export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  finished_id: Generated<number>;
  key_id: Generated<string>;
  product_id: number;
  sku_id: number;
  product_name: string;
  color: string;
  size: string;
  price: string;
  num: number;
  design: string;
  img_urls: string;
  print_files: Generated<string>;
}
export interface OrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: number;
  note: Generated<string>;
  created_at: number;
}
export interface WalletTable {
  owner_id: number;
  balance: string;
  updated_at: number;
}
export interface BillTable {
  id: Generated<number>;
  wallet_id: number;
  account_id: number;
  office_id: Generated<number>;
  type: number;
  amount: string;
  balance: string;
  order_no: Generated<string>;
  ref: string;
  created_at: number;
}
/** The bills' running totals per wallet, account, hour or day, type and office (0038, docs/orders.md#figures). */
interface BillTotals {
  wallet_id: number;
  account_id: number;
  type: number;
  office_id: number;
  lines: number;
  /** The lines' money in whole cents (signed). */
  cents: number;
  /** Payments: the orders paid and the units in them. */
  orders: number;
  units: number;
}
export interface BillHourTable extends BillTotals {
  /** `created_at` in whole hours since the epoch (UTC). */
  hour: number;
}
export interface BillDayTable extends BillTotals {
  /** `created_at` in whole days since the epoch (UTC). */
  day: number;
}
/** A bills export (0036, docs/orders.md#export): its filters, its progress and its stored file. */
export interface BillExportTable {
  id: Generated<number>;
  owner_id: number;
  /** 1 the bill lines, 2 the per-account statistics. */
  exporttype: number;
  /** JSON: the filters resolved when asked, and the caller's language. */
  params: string;
  status: 'waiting' | 'running' | 'done' | 'failed';
  row_count: Generated<number>;
  size: Generated<number>;
  file_key: string | null;
  message: Generated<string>;
  created_at: number;
  updated_at: number;
}
export interface RechargeTable {
  id: Generated<number>;
  wallet_id: number;
  account_id: number;
  office_id: Generated<number>;
  amount: string;
  out_trade_no: string;
  trade_no: Generated<string>;
  status: 'pending' | 'paid' | 'closed';
  created_at: number;
  paid_at: Generated<number>;
}

/** A marketplace buyer's order as the marketplace last told it (0042, docs/market-orders.md). */
export interface MarketOrderTable {
  id: Generated<number>;
  owner_id: number;
  store_id: number;
  platform: number;
  remote_order_id: string;
  remote_status: Generated<string>;
  state: Generated<string>;
  currency: Generated<string>;
  buyer_paid: Generated<string>;
  buyer_shipping: Generated<string>;
  recipient: Generated<string>;
  body: Generated<string>;
  remote_created_at: Generated<number>;
  remote_updated_at: Generated<number>;
  stale: Generated<number>;
  order_id: Generated<number>;
  exception: Generated<string>;
  exception_params: Generated<string>;
  ship_state: Generated<string>;
  created_at: number;
  updated_at: number;
}
/** A shop's order settings and import state (0042). */
export interface MarketShopTable {
  store_id: number;
  order_mode: Generated<'review' | 'auto'>;
  fee_rate: Generated<string>;
  cursor: Generated<number>;
  next_pull_at: Generated<number>;
  pulled_at: Generated<number>;
  webhook_address: Generated<string>;
  queued: Generated<number>;
  pull_error: Generated<string>;
}
export interface MarketWebhookSeenTable {
  store_id: number;
  notification_id: string;
  received_at: number;
}

/** A notice (公告) to every seller (migration 0039, docs/mobile.md#notices). */
export interface NoticeTable {
  id: Generated<number>;
  title: string;
  /** Plain text; line breaks are paragraphs. */
  content: string;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds; null while in force. */
  retired_at: number | null;
}

/** A blank in one account's personal product library (migration 0039, docs/mobile.md#the-personal-product-library). */
export interface ProductFavoriteTable {
  account_id: number;
  product_id: number;
  /** When it was first saved. */
  created_at: number;
}

/** A membership purchase of a top-level account (migration 0040, docs/membership.md). */
export interface MembershipPurchaseTable {
  id: Generated<number>;
  account_id: number;
  level: number;
  months: number;
  /** Decimal text, CNY. */
  price: string;
  level_before: number;
  ends_before: number | null;
  /** Milliseconds. */
  starts_at: number;
  ends_at: number;
  request_id: string | null;
  created_at: number;
}

/** An inquiry sent from the independent-deployment page (migration 0041, docs/mobile.md#inquiries). */
export interface InquiryTable {
  id: Generated<number>;
  name: string;
  company: string | null;
  /** Normalised: a phone number's digits with its +, an email in lower case. */
  contact: string;
  /** INQUIRY_SCALES of the contract; null when not given. */
  scale: number | null;
  message: string;
  /** The account of the session it was sent with; null for a visitor (or once the account is deleted). */
  account_id: number | null;
  /** The client's address (TRUST_PROXY decides what it is). */
  address: string;
  /** Unix seconds. */
  created_at: number;
}

export interface Database {
  account: AccountTable;
  office: OfficeTable;
  session: SessionTable;
  login_failure: LoginFailureTable;
  category: CategoryTable;
  product: ProductTable;
  product_sku: ProductSkuTable;
  product_favorite: ProductFavoriteTable;
  notice: NoticeTable;
  inquiry: InquiryTable;
  material_folder: MaterialFolderTable;
  material: MaterialTable;
  material_keyword: MaterialKeywordTable;
  job: JobTable;
  finished: FinishedTable;
  finished_child: FinishedChildTable;
  finished_attr: FinishedAttrTable;
  cart_item: CartItemTable;
  address: AddressTable;
  orders: OrdersTable;
  market_order: MarketOrderTable;
  market_shop: MarketShopTable;
  market_webhook_seen: MarketWebhookSeenTable;
  order_line: OrderLineTable;
  order_history: OrderHistoryTable;
  wallet: WalletTable;
  bill: BillTable;
  bill_hour: BillHourTable;
  bill_day: BillDayTable;
  recharge: RechargeTable;
  bill_export: BillExportTable;
  membership_purchase: MembershipPurchaseTable;
  finished_group: FinishedGroupTable;
  finished_tally: FinishedTallyTable;
  finished_tally_total: FinishedTallyTotalTable;
  finished_tally_owner_day: FinishedTallyOwnerDayTable;
  finished_name_tally: FinishedNameTallyTable;
  finished_gram_tally: FinishedGramTallyTable;
  finished_material_name: FinishedMaterialNameTable;
  finished_material_gram: FinishedMaterialGramTable;
  finished_material_index: FinishedMaterialIndexTable;
  store: StoreTable;
  store_connection: StoreConnectionTable;
  price_template: PriceTemplateTable;
  exchange_rate: ExchangeRateTable;
  price_rule: PriceRuleTable;
  keyword_ban: KeywordBanTable;
  title_template: TitleTemplateTable;
  keyword_set: KeywordSetTable;
  product_template: ProductTemplateTable;
  aliexpress_template: AliexpressTemplateTable;
  tiktok_template: TiktokTemplateTable;
  watermark: WatermarkTable;
  export_record: ExportRecordTable;
  public_image: PublicImageTable;
  public_image_use: PublicImageUseTable;
  sku_binding: SkuBindingTable;
  finished_store: FinishedStoreTable;
  publish_record: PublishRecordTable;
  remote_image: RemoteImageTable;
  barcode_maker: BarcodeMakerTable;
  barcode: BarcodeTable;
}

/** One product published to one shop (migration 0021, docs/publishing.md). */
export interface PublishRecordTable {
  id: Generated<number>;
  owner_id: number;
  finished_id: number;
  key_id: string;
  title: string;
  thumb: Generated<string>;
  store_id: number;
  platform: number;
  template_id: number;
  pricing_template_id: Generated<number>;
  group_ids: Generated<string>;
  params: Generated<string>;
  batch_id: string;
  status: string;
  idempotency_key: string;
  running_key: string | null;
  create_started: Generated<number>;
  remote_product_id: string | null;
  remote_url: string | null;
  remote_skus: Generated<string>;
  message: Generated<string>;
  message_params: Generated<string>;
  remote_detail: Generated<string>;
  attempts: Generated<number>;
  job_id: Generated<string>;
  lease_owner: string | null;
  lease_until: number | null;
  createtime: number;
  updatetime: number;
}

/** An image of ours a shop already holds (migration 0021, docs/publishing.md#images). */
export interface RemoteImageTable {
  id: Generated<number>;
  store_id: number;
  blob: string;
  uri: string;
  created_at: number;
}

/** A source of barcodes (0029, docs/listing-tools.md#barcodes): a pool of imported codes or a generator. */
export interface BarcodeMakerTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  kind: 'pool' | 'generator';
  prefix: Generated<string>;
  code_type: Generated<string>;
  next_ref: Generated<number>;
  status: Generated<number>;
  created_at: number;
}

/** One code of a maker (0029): free, used (by a shop's variant, or by hand) or void. */
export interface BarcodeTable {
  id: Generated<number>;
  owner_id: number;
  maker_id: number;
  code: string;
  gtin: string;
  type: 'EAN' | 'UPC' | 'GTIN';
  status: Generated<'free' | 'used' | 'void'>;
  store_id: number | null;
  finished_id: number | null;
  variant_id: number | null;
  key_id: Generated<string>;
  used_at: Generated<number>;
}
