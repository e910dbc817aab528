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
