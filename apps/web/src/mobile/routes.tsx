import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PhoneShell } from './shell/PhoneShell';
import { PhoneLoading } from './components/PhoneStates';
import { RequireLogin } from './shell/RequireLogin';

/** A page loaded when first visited: the phone's first download holds the shell and the home page only. */
const page = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

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
      { path: '/mobile-login', ...page(async () => (await import('./pages/LoginPage')).LoginPage) },
      { path: '/mobile-register', ...page(async () => (await import('./pages/RegisterPage')).RegisterPage) },
      {
        element: <RequireLogin />,
        children: [{ path: '/mobile-product-library', ...page(async () => (await import('./pages/LibraryPage')).LibraryPage) }],
      },
      { path: '*', ...page(async () => (await import('./pages/NotFoundPage')).NotFoundPage) },
    ],
  },
];
