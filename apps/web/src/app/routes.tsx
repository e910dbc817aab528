import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteFallback } from './layout/FullPage';
import { RequireSession } from './layout/RequireSession';

/**
 * A route whose page is loaded when it is first visited (docs/web.md#route-splitting): each feature's code, and the
 * parts of Ant Design only it uses, stay out of the first download. While the chunk loads the page on screen stays;
 * on the first load of the app RouteFallback shows.
 */
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

/** A page after login: every feature's texts come with it, the login page's first download holds only the shell's. */
function backOfficePage(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return page(async () => {
    const [Component] = await Promise.all([load(), import('./i18n/featureStrings').then((texts) => texts.registerFeatureStrings())]);
    return Component;
  });
}

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
              { path: 'design', ...backOfficePage(async () => (await import('../features/editor/EditorPage')).EditorPage) },
              {
                ...backOfficePage(async () => (await import('./layout/AppLayout')).AppLayout),
                children: [
                  { index: true, ...page(async () => (await import('../features/home/HomePage')).HomePage) },
                  { path: 'products', ...page(async () => (await import('../features/catalogue/ProductsPage')).ProductsPage) },
                  { path: 'productdtl', ...page(async () => (await import('../features/catalogue/ProductDetailPage')).ProductDetailPage) },
                  {
                    path: 'finished',
                    ...page(async () => (await import('../features/finished/FinishedPage')).FinishedPage),
                    // The finished screen's dialogs with addresses of their own (docs/finished.md#state-in-the-address).
                    children: [
                      { path: ':keyId/edit', ...page(async () => (await import('../features/finished/AddressedDialog')).EditRoute) },
                      {
                        path: ':keyId/redesign',
                        ...page(async () => (await import('../features/finished/AddressedDialog')).RedesignRoute),
                      },
                      { path: ':keyId/remark', ...page(async () => (await import('../features/finished/AddressedDialog')).RemarkRoute) },
                      { path: 'export/:mode', ...page(async () => (await import('../features/finished/AddressedDialog')).ExportRoute) },
                    ],
                  },
                  { path: 'batch-edit-finished', ...page(async () => (await import('../features/finished/BatchEditPage')).BatchEditPage) },
                  { path: 'doccenter', ...page(async () => (await import('../features/finished/DocCenterPage')).DocCenterPage) },
                  { path: 'stores', ...page(async () => (await import('../features/stores/StoresPage')).StoresPage) },
                  {
                    path: 'price-template',
                    ...page(async () => (await import('../features/priceTemplates/PriceTemplatesPage')).PriceTemplatesPage),
                  },
                  {
                    path: 'priceTemplateManagement',
                    ...page(async () => (await import('../features/priceTemplates/PriceTemplateEditPage')).PriceTemplateEditPage),
                  },
                  { path: 'banned-words', ...page(async () => (await import('../features/bannedWords/BannedWordsPage')).BannedWordsPage) },
                  {
                    path: 'export-records',
                    ...page(async () => (await import('../features/exports/ExportRecordsPage')).ExportRecordsPage),
                  },
                  { path: 'watermark', ...page(async () => (await import('../features/watermarks/WatermarksPage')).WatermarksPage) },
                  { path: 'templates', ...page(async () => (await import('../features/templates/TemplatesPage')).TemplatesPage) },
                  // A marketplace's publish page is its own name followed by "-publish" (key: one page per platform).
                  {
                    path: 'aliexpress-publish',
                    lazy: async () => {
                      const { PublishPage } = await import('../features/publish/PublishPage');
                      return { element: <PublishPage key={2} platform={2} /> };
                    },
                  },
                  {
                    path: 'tiktok-publish',
                    lazy: async () => {
                      const { PublishPage } = await import('../features/publish/PublishPage');
                      return { element: <PublishPage key={15} platform={15} /> };
                    },
                  },
                  {
                    path: 'aliexpress-templates',
                    ...page(async () => (await import('../features/marketTemplates/MarketTemplatesPage')).AliexpressTemplatesPage),
                  },
                  {
                    path: 'tiktok-templates',
                    ...page(async () => (await import('../features/marketTemplates/MarketTemplatesPage')).TiktokTemplatesPage),
                  },
                  {
                    path: 'account/sub-accounts',
                    ...page(async () => (await import('../features/account/SubAccountsPage')).SubAccountsPage),
                    children: [
                      {
                        path: 'new',
                        ...page(async () => (await import('../features/account/CreateSubAccountDialog')).CreateSubAccountDialog),
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
