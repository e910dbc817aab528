import type { AppConfig } from '../../config.js';
import { createFactoryProvider } from './http.js';
import type { FulfilmentProvider } from './types.js';

/**
 * The fulfilment provider the configuration names: FACTORY_URL and FACTORY_API_KEY, or the in-process
 * sandbox startFactoryIfUnset filled in. Call it once per process and keep it: a webhook secret
 * answered by registerWebhook lives in it (docs/fulfilment.md#webhooks).
 */
export function fulfilmentProviderFrom(config: AppConfig): FulfilmentProvider {
  const { url, apiKey, webhookSecret } = config.factory;
  if (!url || !apiKey) throw new Error('No factory configured: set FACTORY_URL and FACTORY_API_KEY, or call startFactoryIfUnset first');
  return createFactoryProvider({ baseUrl: url, apiKey, webhookSecret, now: config.now });
}
