/**
 * The thread the in-process marketplace sandboxes run on (sandboxes.ts): their HTTP servers, request checks
 * and image handling share the process but not the API's event loop, so a publish's calls to them never
 * delay another seller's request (docs/publishing.md#sandboxes). The servers stay up on this thread's
 * event loop between the two tasks.
 */
import { startMarketplaceA } from '@sandbox/marketplace-a';
import { startMarketplaceB } from '@sandbox/marketplace-b';

const started: { close(): Promise<void> }[] = [];

/** Starts the sandboxes asked for on free local ports; answers their base URLs. */
export async function start(want: { a: boolean; b: boolean }) {
  const urls: { a?: string; b?: string } = {};
  if (want.a) {
    const a = await startMarketplaceA({ port: 0 });
    urls.a = a.url;
    started.push(a);
  }
  if (want.b) {
    const b = await startMarketplaceB({ port: 0 });
    urls.b = b.url;
    started.push(b);
  }
  return urls;
}

export async function stop() {
  await Promise.all(started.splice(0).map((s) => s.close()));
}
