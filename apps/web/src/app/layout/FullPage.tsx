import type { ReactNode } from 'react';
import { Flex, Spin } from 'antd';

/** The window's whole area, its content centred: the shell's loading and error states. */
export function FullPage({ children }: { children: ReactNode }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      {children}
    </Flex>
  );
}

/**
 * What shows while the first page's code loads (docs/web.md#route-splitting), and then while the account loads
 * (AppLayout): the same spinner in the same place, so the first screen goes from it straight to the page.
 */
export function RouteFallback() {
  return (
    <FullPage>
      <Spin size="large" />
    </FullPage>
  );
}
