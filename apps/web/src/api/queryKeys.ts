/**
 * The keys of one resource, all under `all`: a mutation invalidates by prefix exactly what it changed,
 * e.g. `invalidateQueries({ queryKey: queryKeys.finished.all })` refreshes every finished list and detail.
 */
function resourceKeys<const R extends string>(resource: R) {
  const all = [resource] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (query: object = {}) => [...all, 'list', query] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number | string) => [...all, 'detail', id] as const,
  };
}

const user = resourceKeys('user');
const accounts = resourceKeys('accounts');
const catalogue = resourceKeys('catalogue');
const materials = resourceKeys('materials');
const finished = resourceKeys('finished');
const design = resourceKeys('design');
const fonts = resourceKeys('fonts');
const support = resourceKeys('support');
const exportsKeys = resourceKeys('exports');
const publish = resourceKeys('publish');
const titles = resourceKeys('titles');
const cart = resourceKeys('cart');
const wallet = resourceKeys('wallet');
const membership = resourceKeys('membership');
const site = resourceKeys('site');

/** Every query key of the web app, one factory per resource (each resource's file in api/ uses its own). */
export const queryKeys = {
  user: { ...user, me: () => [...user.all, 'me'] as const },
  /** Account pickers (getAccountList): "本人" and the sub-accounts. */
  accounts: { ...accounts, options: () => [...accounts.all, 'options'] as const },
  subAccounts: resourceKeys('subAccount'),
  /** The membership plans and the caller's level and its end (docs/membership.md). */
  membership: { ...membership, plans: () => [...membership.all, 'plans'] as const },
  /** The public pages' live figures (docs/mobile.md#site-figures). */
  site: { ...site, figures: () => [...site.all, 'figures'] as const },
  offices: resourceKeys('office'),
  catalogue: {
    ...catalogue,
    categories: () => [...catalogue.all, 'categories'] as const,
    /** The navigation's list of one tag (1 new, 3 hot). */
    nav: (tag: number, page: number) => [...catalogue.all, 'nav', tag, page] as const,
  },
  /** The personal product library (收藏): its own resource, so saving a blank refreshes it and the details only. */
  favorites: resourceKeys('favorites'),
  notices: resourceKeys('notices'),
  materials: {
    ...materials,
    folders: (userId: number) => [...materials.all, 'folders', userId] as const,
    keywords: (userId: number) => [...materials.all, 'keywords', userId] as const,
  },
  finished: {
    ...finished,
    variants: (id: number, keywords: string) => [...finished.detail(id), 'variants', keywords] as const,
    batchEdit: (ids: readonly number[]) => [...finished.all, 'batch-edit', ids] as const,
    /** A product's SKU bindings (getSkuCompare), under its detail. */
    skuBindings: (id: number) => [...finished.detail(id), 'sku-bindings'] as const,
  },
  groups: resourceKeys('groups'),
  /** The cart's pages and the header's count of its lines (docs/domain.md#cart). */
  cart: { ...cart, count: () => [...cart.all, 'count'] as const },
  /** What the checkout shows (docs/orders.md#checkout): countries and methods shipped to, saved addresses. */
  checkout: {
    ...resourceKeys('checkout'),
    countries: () => ['checkout', 'countries'] as const,
    methods: (country: string, grams: number) => ['checkout', 'methods', country, grams] as const,
    addresses: () => ['checkout', 'addresses'] as const,
  },
  /** The wallet's balance and bill lines, and a recharge followed after its payment (docs/orders.md#recharging). */
  wallet: {
    ...wallet,
    info: () => [...wallet.all, 'info'] as const,
    recharge: (id: number) => [...wallet.all, 'recharge', id] as const,
    /** The bills (docs/orders.md#bills): under the wallet, so a payment or a cancel (which invalidate it) fetches them again. */
    bills: (query: object) => [...wallet.all, 'bills', query] as const,
    billStatistics: (query: object) => [...wallet.all, 'billStatistics', query] as const,
    billChildStatistics: (query: object) => [...wallet.all, 'billChildStatistics', query] as const,
    billExports: (page: number) => [...wallet.all, 'billExports', page] as const,
  },
  /** Orders: lists (with their counts per status) and details (docs/orders.md). */
  orders: resourceKeys('orders'),
  stores: resourceKeys('stores'),
  jobs: resourceKeys('jobs'),
  keywordsBan: resourceKeys('keywordsBan'),
  /** Barcode makers and their codes (docs/listing-tools.md#barcodes). */
  barcodes: resourceKeys('barcodes'),
  design: {
    ...design,
    /** What the editor opens on: the blank, and the layer record when re-designing. */
    opening: (link: object) => [...design.all, 'opening', link] as const,
    mockupPreview: (body: object | null) => [...design.all, 'mockupPreview', body] as const,
    /** One design area's print as the editor has it now (the cutpiece preview). */
    areaPrint: (productId: number, area: object | null) => [...design.all, 'areaPrint', productId, area] as const,
  },
  /** The editor's web fonts (files, not API calls), by the design they are loaded for. */
  fonts: { ...fonts, forDesign: (design: object | null) => [...fonts.all, 'forDesign', design] as const },
  support: { ...support, contact: () => [...support.all, 'contact'] as const },
  priceTemplates: resourceKeys('priceTemplates'),
  /** Title templates and keyword sets (docs/listing-tools.md), and the preview of a template on a product. */
  titles: { ...titles, preview: (body: object | null) => [...titles.all, 'preview', body] as const },
  /** Export records, the dialog's first-product preview and the image domains (docs/export-dialog.md). */
  exports: {
    ...exportsKeys,
    preview: (request: object | null) => [...exportsKeys.all, 'preview', request] as const,
    domains: () => [...exportsKeys.all, 'domains'] as const,
    /** A shop's product templates of a kind, for the export dialog's cascader. */
    templates: (kind: string, storeId: number) => [...exportsKeys.all, 'templates', kind, storeId] as const,
  },
  watermarks: resourceKeys('watermarks'),
  templates: resourceKeys('templates'),
  /** The marketplaces' product templates (docs/market-templates.md): lists and the publish tab's per-shop pickers. */
  marketTemplates: resourceKeys('marketTemplates'),
  /** Online publishing (docs/publish-tab.md): the tab's previews and variant rows, the publish records. */
  publish: {
    ...publish,
    preview: (ids: string) => [...publish.all, 'preview', ids] as const,
    variants: (choices: object | null, pricingTemplateId: number) => [...publish.all, 'variants', choices, pricingTemplateId] as const,
  },
};
