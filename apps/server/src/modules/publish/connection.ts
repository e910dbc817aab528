import type { MessageKey, PublishPlatform } from '@app/contract';
import type { ConnectionCheck } from '../shops/index.js';
import type { ConnectionProblem, MarketplaceAdapter } from './adapters/types.js';

/**
 * Connecting a shop checks its credentials with a harmless marketplace call (docs/publishing.md#connecting):
 * what the marketplace refuses is refused in the seller's words, naming the credential to copy again.
 */
const MESSAGES: Record<ConnectionProblem['kind'], MessageKey> = {
  appKey: 'storeConnectAppKeyRefused',
  secret: 'storeConnectSecretRefused',
  token: 'storeConnectTokenRefused',
  cipher: 'storeConnectCipherRefused',
  clock: 'storeConnectClockSkew',
  unreachable: 'storeConnectUnreachable',
  other: 'storeConnectRefused',
};

/** The connection checks of the configured marketplaces, by platform code, for the shops service. */
export function connectionChecks(adapters: Partial<Record<PublishPlatform, MarketplaceAdapter>>): Partial<Record<number, ConnectionCheck>> {
  const out: Partial<Record<number, ConnectionCheck>> = {};
  for (const adapter of Object.values(adapters)) {
    out[adapter.platform] = async (conn) => {
      const problem = await adapter.checkConnection(conn);
      if (!problem) return null;
      // An unreachable marketplace is not the seller's mistake: 503, try again later.
      const params: Record<string, string> = problem.kind === 'other' ? { reason: problem.remote.message.slice(0, 200) } : {};
      return {
        key: MESSAGES[problem.kind],
        params,
        ...(problem.kind === 'unreachable' ? { status: 503 } : {}),
      };
    };
  }
  return out;
}
