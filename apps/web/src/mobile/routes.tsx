import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { PhoneLoading } from './components/PhoneStates';
import { HomePage } from './pages/HomePage';
import { RequireLogin } from './shell/RequireLogin';
import { registerTexts, type FeatureTexts } from '../app/i18n/strings';

/**
 * A page loaded when first visited: the phone's first download holds the shell and the home page only (the page most
 * visits start on, so it comes with the first scripts rather than a round trip after them: docs/mobile.md#speed).
 * `texts`: the text groups the page shows beyond the shell's, registered before it renders.
 */
const page = (load: () => Promise<ComponentType>, texts?: () => Promise<FeatureTexts[]>) =>
  lazy(async () => {
    const [Component, groups] = await Promise.all([load(), texts?.() ?? []]);
    groups.forEach(registerTexts);
    return { default: Component };
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

/** Readable logged out (docs/mobile.md#addresses). */
const PUBLIC_PAGES: Record<string, ComponentType> = {
  '/mobile-home': HomePage,
  '/mobile-product': page(async () => (await import('./pages/CategoriesPage')).CategoriesPage),
  '/product': page(async () => (await import('./pages/SearchPage')).SearchPage),
  '/mobile-productdtl': page(async () => (await import('./pages/ProductPage')).ProductPage),
  '/announcement': page(async () => (await import('./pages/NoticePage')).NoticePage),
  '/advantage': page(async () => (await import('./site/AdvantagePage')).AdvantagePage, SITE),
  '/mobile-independent-deployment': page(async () => (await import('./site/DeploymentPage')).DeploymentPage, SITE),
  '/mobile-about': page(async () => (await import('./site/AboutPage')).AboutPage, SITE),
  '/mobile-service': page(async () => (await import('./account/ServicePage')).ServicePage, ACCOUNT),
  '/mobile-login': page(async () => (await import('./pages/LoginPage')).LoginPage),
  '/mobile-register': page(async () => (await import('./pages/RegisterPage')).RegisterPage),
};
/** Need a session: a visitor is sent to /mobile-login and back afterwards. */
const SIGNED_IN_PAGES: Record<string, ComponentType> = {
  '/mobile-product-library': page(async () => (await import('./pages/LibraryPage')).LibraryPage),
  '/mobile-design': page(async () => (await import('./site/DesignPage')).DesignPage, SITE),
  '/mobile-toolhome': page(async () => (await import('./account/ToolHomePage')).ToolHomePage, ACCOUNT),
  '/mobile-finished': page(async () => (await import('./finished/FinishedPage')).FinishedPage, SHOP),
  '/mobile-shopping-cart': page(async () => (await import('./cart/CartPage')).CartPage, SHOP),
  '/mobile-order-manage': page(async () => (await import('./orders/OrdersPage')).OrdersPage, SHOP),
};
const NotFound = page(async () => (await import('./pages/NotFoundPage')).NotFoundPage);

/** Every phone path the shell knows (the server answers mobile.html for these: docs/mobile.md#addresses). */
export const PHONE_PAGE_PATHS = [...Object.keys(PUBLIC_PAGES), ...Object.keys(SIGNED_IN_PAGES)];

/** The phone shell's pages, the one the address names (docs/mobile.md#addresses). */
export function PhoneRoutes() {
  return (
    <Suspense fallback={<PhoneLoading />}>
      <Switch>
        {Object.entries(PUBLIC_PAGES).map(([path, Page]) => (
          <Route key={path} path={path} component={Page} />
        ))}
        {Object.entries(SIGNED_IN_PAGES).map(([path, Page]) => (
          <Route key={path} path={path}>
            <RequireLogin>
              <Page />
            </RequireLogin>
          </Route>
        ))}
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}
