import { AMAZON_PLATFORM, WALMART_PLATFORM } from '@app/contract';
import { useStores } from '../../api';

export type TemplateKindTab = 'amazon' | 'simple' | 'walmart';

/** The marketplace a kind's shop must be on (the simple kind: any shop). */
export const platformOf = (kind: TemplateKindTab) =>
  kind === 'amazon' ? AMAZON_PLATFORM : kind === 'walmart' ? WALMART_PLATFORM : undefined;

/** The shops a template of `kind` may belong to, as Select options (grouped by marketplace for the simple kind). */
export function useShopOptions(kind: TemplateKindTab) {
  const stores = useStores(platformOf(kind));
  const markets = (stores.data ?? []).filter((m) => m.stores.length > 0);
  const options =
    kind === 'simple'
      ? markets.map((m) => ({ label: m.name, title: m.name, options: m.stores.map((s) => ({ value: s.id, label: s.name })) }))
      : markets.flatMap((m) => m.stores.map((s) => ({ value: s.id, label: s.name })));
  const count = markets.reduce((n, m) => n + m.stores.length, 0);
  const marketName = (stores.data ?? [])[0]?.name ?? '';
  return { options, count, loading: stores.isLoading, marketName };
}
