import { ROUTE_ADDRESSES } from './addresses.js';
import { NAV_LIST_PAGE_SIZE } from './constants.js';
import { queryString } from './route.js';

/**
 * The phone shell's addresses (docs/mobile.md#addresses): the server answers them with the phone entry's page,
 * every other page address with the back office's. `/mobile-*` and the few the shell names without the prefix.
 */
const PHONE_ONLY = new Set(['/product', '/announcement', '/advantage']);

export function isPhonePath(pathname: string): boolean {
  return pathname.startsWith('/mobile-') || PHONE_ONLY.has(pathname);
}

/**
 * Back-office pages that have a phone twin: a phone opening one of them is offered the twin (docs/mobile.md#addresses).
 * The query string carries over (`/productdtl?id=7` → `/mobile-productdtl?id=7`).
 */
export const PHONE_TWINS: Readonly<Record<string, string>> = {
  '/': '/mobile-home',
  '/products': '/mobile-product',
  '/productdtl': '/mobile-productdtl',
  '/finished': '/mobile-finished',
  '/orders': '/mobile-order-manage',
  '/cart': '/mobile-shopping-cart',
};

/** The home page's latest notices: the first three. */
export const PHONE_HOME_NOTICES = { page: 1, limit: 3 } as const;
/** The home page's list shown first: tag 1, the new blanks (docs/domain.md). */
export const PHONE_HOME_FIRST_TAG = 1;

/**
 * The calls a phone page makes as it starts, by its address (docs/mobile.md#speed). The server names them in the page
 * it answers (`<link rel="preload" as="fetch">`), so a phone asks for them alongside the scripts, and the page's own
 * calls, made with these same queries, are answered from that download instead of a round trip after the scripts.
 */
export const PHONE_FIRST_CALLS: Readonly<Record<string, readonly string[]>> = {
  '/mobile-home': [
    ROUTE_ADDRESSES.noticeList.path + queryString(PHONE_HOME_NOTICES),
    ROUTE_ADDRESSES.productNavList.path + queryString({ tag: PHONE_HOME_FIRST_TAG, page: 1, limit: NAV_LIST_PAGE_SIZE }),
  ],
};
