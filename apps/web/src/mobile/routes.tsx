import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PhoneShell } from './shell/PhoneShell';
import { PhoneLoading } from './components/PhoneStates';
import { RequireLogin } from './shell/RequireLogin';
import { registerTexts, type FeatureTexts } from '../app/i18n/strings';

/**
 * A page loaded when first visited: the phone's first download holds the shell and the home page only. `groups`: the
 * text groups the page shows beyond the shell's, registered before it renders.
 */
const page = (load: () => Promise<ComponentType>, texts?: () => Promise<FeatureTexts[]>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [Component, groups] = await Promise.all([load(), texts?.() ?? []]);
    groups.forEach(registerTexts);
    return { Component };
  },
});
/** The account pages' texts: their own, the order pages' (statuses) and the wallet's (bill types). */
const ACCOUNT = () =>
  Promise.all(
    [import('../app/i18n/mobileAccountStrings'), import('../app/i18n/ordersStrings'), import('../app/i18n/walletStrings')].map((m) =>
      m.then((x) => x.texts),
    ),
  );
/** The public pages' texts (design, advantage, deployment, about). */
const SITE = () => import('../app/i18n/mobileSiteStrings').then((m) => [m.texts]);
/** The selling pages' texts: their own, and the order pages' for the statuses' names. */
const SHOP = () =>
  Promise.all([import('../app/i18n/mobileShopStrings').then((m) => m.texts), import('../app/i18n/ordersStrings').then((m) => m.texts)]);

/**
 * The phone shell's pages (docs/mobile.md#addresses). Pages that need a session sit under RequireLogin, which sends a
 * visitor to /mobile-login and back; the rest are readable logged out.
 */
export const phoneRoutes: RouteObject[] = [
  {
    element: <PhoneShell />,
    hydrateFallbackElement: <PhoneLoading />,
    children: [
      { path: '/mobile-home', ...page(async () => (await import('./pages/HomePage')).HomePage) },
      { path: '/mobile-product', ...page(async () => (await import('./pages/CategoriesPage')).CategoriesPage) },
      { path: '/product', ...page(async () => (await import('./pages/SearchPage')).SearchPage) },
      { path: '/mobile-productdtl', ...page(async () => (await import('./pages/ProductPage')).ProductPage) },
      { path: '/announcement', ...page(async () => (await import('./pages/NoticePage')).NoticePage) },
      { path: '/advantage', ...page(async () => (await import('./site/AdvantagePage')).AdvantagePage, SITE) },
      {
        path: '/mobile-independent-deployment',
        ...page(async () => (await import('./site/DeploymentPage')).DeploymentPage, SITE),
      },
      { path: '/mobile-about', ...page(async () => (await import('./site/AboutPage')).AboutPage, SITE) },
      { path: '/mobile-service', ...page(async () => (await import('./account/ServicePage')).ServicePage, ACCOUNT) },
      { path: '/mobile-login', ...page(async () => (await import('./pages/LoginPage')).LoginPage) },
      { path: '/mobile-register', ...page(async () => (await import('./pages/RegisterPage')).RegisterPage) },
      {
        element: <RequireLogin />,
        children: [
          { path: '/mobile-product-library', ...page(async () => (await import('./pages/LibraryPage')).LibraryPage) },
          { path: '/mobile-design', ...page(async () => (await import('./site/DesignPage')).DesignPage, SITE) },
          { path: '/mobile-toolhome', ...page(async () => (await import('./account/ToolHomePage')).ToolHomePage, ACCOUNT) },
          { path: '/mobile-finished', ...page(async () => (await import('./finished/FinishedPage')).FinishedPage, SHOP) },
          { path: '/mobile-shopping-cart', ...page(async () => (await import('./cart/CartPage')).CartPage, SHOP) },
          { path: '/mobile-order-manage', ...page(async () => (await import('./orders/OrdersPage')).OrdersPage, SHOP) },
        ],
      },
      { path: '*', ...page(async () => (await import('./pages/NotFoundPage')).NotFoundPage) },
    ],
  },
];
