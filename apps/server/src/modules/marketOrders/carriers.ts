import type { MarketCarrier } from '../publish/index.js';

/**
 * Our carriers (what the print factory ships with) as each marketplace names them (docs/market-orders.md#carriers).
 * Marketplace A takes a logistics service key from its own list; B a shipping provider of the order's delivery
 * option, matched here by name. A carrier missing from A's table goes as A's "Other" (seller's shipping method).
 */
const A_SERVICES: Record<string, { express: string; standard: string }> = {
  UPS: { express: 'UPS', standard: 'UPSE' },
  USPS: { express: 'USPS', standard: 'USPS' },
  DHL: { express: 'DHL', standard: 'DHL' },
  FEDEX: { express: 'FEDEX', standard: 'FEDEX_IE' },
  TNT: { express: 'TNT', standard: 'TNT' },
  SF: { express: 'SF', standard: 'SF' },
  ARAMEX: { express: 'ARAMEX', standard: 'ARAMEX' },
};
const A_OTHER = 'Other';

/** B's provider names for our carriers, where they differ from ours. */
const B_NAMES: Record<string, string[]> = {
  DHL: ['DHL Express', 'DHL eCommerce'],
  FEDEX: ['FedEx'],
  YUNEXPRESS: ['Yun Express'],
};

const norm = (s: string) => s.replace(/[^a-z0-9]/gi, '').toUpperCase();

/**
 * The marketplace's carrier code for a shipment of ours: `carrier` as the factory names it, `express` when shipped by
 * an express service; undefined when the marketplace offers nothing matching.
 */
export function marketCarrierFor(platform: number, carrier: string, express: boolean, offered: MarketCarrier[]): string | undefined {
  const ours = norm(carrier);
  if (platform === 2) {
    const key = A_SERVICES[ours]?.[express ? 'express' : 'standard'] ?? A_OTHER;
    return offered.find((c) => c.code === key)?.code ?? offered.find((c) => c.code === A_OTHER)?.code;
  }
  const names = [carrier, ...(B_NAMES[ours] ?? [])].map(norm);
  for (const name of names) {
    const match = offered.find((c) => norm(c.name) === name);
    if (match) return match.code;
  }
  return undefined;
}
