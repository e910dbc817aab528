/**
 * The thread the in-process factory sandbox runs on (sandbox.ts): its HTTP server, file fetching and image
 * checks share the process but not the API's event loop (docs/fulfilment.md#sandbox). The server stays up
 * on this thread's event loop between the two tasks.
 */
import { startFactory, type Factory } from '@sandbox/factory';

let started: Factory | undefined;

/** Starts the factory sandbox on a free local port; answers its URL and an API key registered on it. */
export async function start(opts: { speed: 'default' | 'fast' }) {
  started = await startFactory({ port: 0, speed: opts.speed });
  return { url: started.url, apiKey: started.createApiKey() };
}

export async function stop() {
  await started?.close();
  started = undefined;
}
