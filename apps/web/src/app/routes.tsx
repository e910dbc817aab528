import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteFallback } from './layout/FullPage';
import { RequireSession } from './layout/RequireSession';
import { TEXTS, type TextGroup } from './i18n/featureTexts';
import { registerTexts } from './i18n/strings';

/** Registers feature texts (featureTexts.ts) once loaded; a route awaits them beside its page's code. */
function registered(texts: TextGroup[]): Promise<unknown> {
  return Promise.all(texts.map(async (group) => registerTexts(await TEXTS[group]())));
}

/**
 * A route whose page is loaded when it is first visited (docs/web.md#route-splitting): each feature's code, and the
 * parts of Ant Design only it uses, stay out of the first download. While the chunk loads the page on screen stays;
 * on the first load of the app RouteFallback shows.
 *
 * `texts` names the feature texts its page and the dialogs it opens show; they are registered before it renders, so
 * `t()` and `m()` stay synchronous and a page downloads only its own texts (docs/web.md#where-the-bytes-go). A child
 * route's page also has its parents' texts (a route's matches load together). routeTexts.test.ts checks the lists.
 */
function page(load: () => Promise<ComponentType>, ...texts: TextGroup[]): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [Component] = await Promise.all([load(), registered(texts)]);
      return { Component };
    },
  };
}

/** The finished screen's addressed dialogs: exporting (its shops' templates, prices, watermarks, online publishing) and re-designing. */
const FINISHED_DIALOG_TEXTS: TextGroup[] = ['exports', 'publish', 'priceTemplates', 'watermarks', 'editor', 'titles'];

/** Every page of the app. Everything but login and register needs a session and sits in the back-office layout. */
export const routes: RouteObject[] = [
  {
    hydrateFallbackElement: <RouteFallback />,
    children: [
      { path: '/login', ...page(async () => (await import('../features/account/LoginPage')).LoginPage) },
      {
        // Every other page has Ant Design around it; the login page's first download holds none of it
        // (docs/web.md#where-the-bytes-go).
        ...page(async () => (await import('./AntdShell')).AntdShell),
        children: [
          { path: '/register', ...page(async () => (await import('../features/account/RegisterPage')).RegisterPage) },
          {
            element: <RequireSession />,
            children: [
              // The design editor takes the whole window (it opens in a new tab), outside the back-office layout.
              { path: 'design', ...page(async () => (await import('../features/editor/EditorPage')).EditorPage, 'editor', 'catalogue') },
              {
                ...page(async () => (await import('./layout/AppLayout')).AppLayout),
                children: [
                  { index: true, ...page(async () => (await import('../features/home/HomePage')).HomePage, 'catalogue') },
                  { path: 'products', ...page(async () => (await import('../features/catalogue/ProductsPage')).ProductsPage, 'catalogue') },
                  // A prototype of the design-mockup panel that calls no server (docs/mockup-prototype.md).
                  { path: 'design-mockup', ...page(async () => (await import('../features/mockup/MockupPage')).MockupPage, 'mockup') },
                  {
                    path: 'productdtl',
                    ...page(async () => (await import('../features/catalogue/ProductDetailPage')).ProductDetailPage, 'catalogue'),
                  },
                  {
                    path: 'finished',
                    ...page(async () => (await import('../features/finished/FinishedPage')).FinishedPage, 'finished'),
                    // The finished screen's dialogs with addresses of their own (docs/finished.md#state-in-the-address).
                    children: [
                      {
                        path: ':keyId/edit',
                        ...page(async () => (await import('../features/finished/AddressedDialog')).EditRoute, ...FINISHED_DIALOG_TEXTS),
                      },
                      {
                        path: ':keyId/redesign',
                        ...page(async () => (await import('../features/finished/AddressedDialog')).RedesignRoute, ...FINISHED_DIALOG_TEXTS),
                      },
                      {
                        path: ':keyId/remark',
                        ...page(async () => (await import('../features/finished/AddressedDialog')).RemarkRoute, ...FINISHED_DIALOG_TEXTS),
                      },
                      {
                        path: 'export/:mode',
                        ...page(async () => (await import('../features/finished/AddressedDialog')).ExportRoute, ...FINISHED_DIALOG_TEXTS),
                      },
                    ],
                  },
                  // The cart (docs/domain.md#cart): what was added from the finished screen or the editor.
                  { path: 'cart', ...page(async () => (await import('../features/cart/CartPage')).CartPage, 'cart', 'checkout') },
                  // Checking out the chosen cart lines (docs/orders.md#checkout).
                  { path: 'checkout', ...page(async () => (await import('../features/checkout/CheckoutPage')).CheckoutPage, 'checkout') },
                  // The wallet (docs/orders.md#the-wallet): balance, recharge through the payment provider, the bills; the
                  // filters' day field is the finished list's.
                  { path: 'wallet', ...page(async () => (await import('../features/wallet/WalletPage')).WalletPage, 'wallet', 'finished') },
                  // The seller's orders and an order's detail (docs/orders.md); the search's date field is the finished list's.
                  { path: 'orders', ...page(async () => (await import('../features/orders/OrdersPage')).OrdersPage, 'orders', 'finished') },
                  {
                    path: 'orders/detail',
                    ...page(async () => (await import('../features/orders/OrderDetailPage')).OrderDetailPage, 'orders'),
                  },
                  {
                    path: 'batch-edit-finished',
                    ...page(async () => (await import('../features/finished/BatchEditPage')).BatchEditPage, 'finished'),
                  },
                  {
                    path: 'doccenter',
                    ...page(async () => (await import('../features/finished/DocCenterPage')).DocCenterPage, 'finished'),
                  },
                  { path: 'stores', ...page(async () => (await import('../features/stores/StoresPage')).StoresPage, 'stores', 'barcodes') },
                  {
                    path: 'price-template',
                    ...page(
                      async () => (await import('../features/priceTemplates/PriceTemplatesPage')).PriceTemplatesPage,
                      'priceTemplates',
                    ),
                  },
                  {
                    path: 'priceTemplateManagement',
                    ...page(
                      async () => (await import('../features/priceTemplates/PriceTemplateEditPage')).PriceTemplateEditPage,
                      'priceTemplates',
                    ),
                  },
                  // Listing tools (docs/listing-tools.md): title templates and keyword sets.
                  {
                    path: 'title-templates',
                    ...page(async () => (await import('../features/titles/TitleTemplatesPage')).TitleTemplatesPage, 'titles'),
                  },
                  {
                    path: 'title-template-edit',
                    ...page(async () => (await import('../features/titles/TitleTemplateEditPage')).TitleTemplateEditPage, 'titles'),
                  },
                  {
                    path: 'keyword-sets',
                    ...page(async () => (await import('../features/titles/KeywordSetsPage')).KeywordSetsPage, 'titles'),
                  },
                  {
                    path: 'barcodes',
                    ...page(async () => (await import('../features/barcodes/BarcodesPage')).BarcodesPage, 'barcodes'),
                  },
                  {
                    path: 'banned-words',
                    ...page(async () => (await import('../features/bannedWords/BannedWordsPage')).BannedWordsPage, 'bannedWords'),
                  },
                  {
                    path: 'export-records',
                    ...page(async () => (await import('../features/exports/ExportRecordsPage')).ExportRecordsPage, 'exports'),
                  },
                  {
                    path: 'watermark',
                    ...page(async () => (await import('../features/watermarks/WatermarksPage')).WatermarksPage, 'watermarks'),
                  },
                  {
                    path: 'templates',
                    ...page(
                      async () => (await import('../features/templates/TemplatesPage')).TemplatesPage,
                      'templates',
                      'marketTemplates',
                    ),
                  },
                  // A marketplace's publish page is its own name followed by "-publish" (key: one page per platform).
                  {
                    path: 'aliexpress-publish',
                    lazy: async () => {
                      const [{ PublishPage }] = await Promise.all([import('../features/publish/PublishPage'), registered(['publish'])]);
                      return { element: <PublishPage key={2} platform={2} /> };
                    },
                  },
                  {
                    path: 'tiktok-publish',
                    lazy: async () => {
                      const [{ PublishPage }] = await Promise.all([import('../features/publish/PublishPage'), registered(['publish'])]);
                      return { element: <PublishPage key={15} platform={15} /> };
                    },
                  },
                  {
                    path: 'aliexpress-templates',
                    ...page(
                      async () => (await import('../features/marketTemplates/MarketTemplatesPage')).AliexpressTemplatesPage,
                      'marketTemplates',
                      'templates',
                      'stores',
                    ),
                  },
                  {
                    path: 'tiktok-templates',
                    ...page(
                      async () => (await import('../features/marketTemplates/MarketTemplatesPage')).TiktokTemplatesPage,
                      'marketTemplates',
                      'templates',
                      'stores',
                    ),
                  },
                  {
                    path: 'account/sub-accounts',
                    ...page(async () => (await import('../features/account/SubAccountsPage')).SubAccountsPage, 'subAccounts'),
                    children: [
                      {
                        path: 'new',
                        ...page(
                          async () => (await import('../features/account/CreateSubAccountDialog')).CreateSubAccountDialog,
                          'subAccounts',
                        ),
                      },
                    ],
                  },
                  { path: '*', ...page(async () => (await import('./layout/NotFoundPage')).NotFoundPage) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
