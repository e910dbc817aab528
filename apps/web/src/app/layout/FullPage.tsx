import type { ReactNode } from 'react';

/** The window's whole area, its content centred: the shell's loading and error states. */
export function FullPage({ children }: { children: ReactNode }) {
  return <div className="full-page">{children}</div>;
}

/**
 * What shows while the first page's code loads (docs/web.md#route-splitting), and then while the account loads
 * (AppLayout): the same spinner in the same place, so the first screen goes from it straight to the page. Drawn
 * without Ant Design, which the login page does not load (docs/web.md#where-the-bytes-go).
 */
export function RouteFallback() {
  return (
    <FullPage>
      <span className="page-spinner" role="status" aria-live="polite" />
    </FullPage>
  );
}
