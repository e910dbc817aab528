import { ALIEXPRESS_PLATFORM, AMAZON_PLATFORM, TIKTOK_PLATFORM, WALMART_PLATFORM } from '@app/contract';
import { useStores } from '../../api';

export type TemplateKindTab = 'amazon' | 'simple' | 'walmart';
/** The kinds whose shop is picked here: this page's three and the marketplace templates (features/marketTemplates). */
export type ShopKind = TemplateKindTab | 'aliexpress' | 'tiktok';

const PLATFORMS: Record<ShopKind, number | undefined> = {
  amazon: AMAZON_PLATFORM,
  walmart: WALMART_PLATFORM,
  aliexpress: ALIEXPRESS_PLATFORM,
  tiktok: TIKTOK_PLATFORM,
  simple: undefined,
};

/** The marketplace a kind's shop must be on (the simple kind: any shop). */
export const platformOf = (kind: ShopKind) => PLATFORMS[kind];

/** The shops a template of `kind` may belong to, as Select options (grouped by marketplace for the simple kind). */
export function useShopOptions(kind: ShopKind) {
  const shops = useStores(platformOf(kind));
  const markets = (shops.data ?? []).filter((m) => m.stores.length > 0);
  const options =
    kind === 'simple'
      ? markets.map((m) => ({ label: m.name, title: m.name, options: m.stores.map((s) => ({ value: s.id, label: s.name })) }))
      : markets.flatMap((m) => m.stores.map((s) => ({ value: s.id, label: s.name })));
  const count = markets.reduce((n, m) => n + m.stores.length, 0);
  const marketName = (shops.data ?? [])[0]?.name ?? '';
  return { options, count, loading: shops.isLoading, marketName };
}
