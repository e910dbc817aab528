import type { RouteObject } from 'react-router';
import { ProductDetailPage, ProductsPage } from '../features/catalogue';
import { CreateSubAccountDialog, LoginPage, RegisterPage, SubAccountsPage } from '../features/account';
import { BatchEditPage, DocCenterPage, FinishedPage, finishedDialogRoutes } from '../features/finished';
import { HomePage } from '../features/home';
import { StoresPage } from '../features/stores';
import { PriceTemplateEditPage, PriceTemplatesPage } from '../features/priceTemplates';
import { BannedWordsPage } from '../features/bannedWords';
import { ExportRecordsPage } from '../features/exports';
import { WatermarksPage } from '../features/watermarks';
import { TemplatesPage } from '../features/templates';
import { PublishPage } from '../features/publish';
import { AliexpressTemplatesPage, TiktokTemplatesPage } from '../features/marketTemplates';
import { AppLayout, NotFoundPage, RequireSession } from './layout';

/** Every page of the app. Everything but login and register needs a session and sits in the back-office layout. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  {
    element: <RequireSession />,
    children: [
      // The design editor takes the whole window (it opens in a new tab), outside the back-office layout. Loaded on
      // demand: the canvas library is only needed here.
      { path: 'design', lazy: async () => ({ Component: (await import('../features/editor')).EditorPage }) },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'products', element: <ProductsPage /> },
          { path: 'productdtl', element: <ProductDetailPage /> },
          { path: 'finished', element: <FinishedPage />, children: finishedDialogRoutes },
          { path: 'batch-edit-finished', element: <BatchEditPage /> },
          { path: 'doccenter', element: <DocCenterPage /> },
          { path: 'stores', element: <StoresPage /> },
          { path: 'price-template', element: <PriceTemplatesPage /> },
          { path: 'priceTemplateManagement', element: <PriceTemplateEditPage /> },
          { path: 'banned-words', element: <BannedWordsPage /> },
          { path: 'export-records', element: <ExportRecordsPage /> },
          { path: 'watermark', element: <WatermarksPage /> },
          { path: 'templates', element: <TemplatesPage /> },
          // SPEC §2.3: a marketplace's publish page is its own name followed by "-publish" (key: one page per platform).
          { path: 'aliexpress-publish', element: <PublishPage key={2} platform={2} /> },
          { path: 'tiktok-publish', element: <PublishPage key={15} platform={15} /> },
          { path: 'aliexpress-templates', element: <AliexpressTemplatesPage /> },
          { path: 'tiktok-templates', element: <TiktokTemplatesPage /> },
          {
            path: 'account/sub-accounts',
            element: <SubAccountsPage />,
            children: [{ path: 'new', element: <CreateSubAccountDialog /> }],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
