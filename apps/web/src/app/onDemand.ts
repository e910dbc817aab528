import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads when it is first rendered (a dialog when it opens), so the page that shows it does
 * not carry it in its first download (docs/web.md#where-the-bytes-go). Render it inside <Suspense>.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
