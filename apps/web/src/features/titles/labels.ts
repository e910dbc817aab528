import type { StringKey } from '../../app/i18n';

/** The placeholders as the edit page offers them, each with its label key (docs/listing-tools.md#titles). */
export const PLACEHOLDER_BUTTONS = [
  { text: '{product_name}', label: 'titles.placeholder.product_name' },
  { text: '{export_name}', label: 'titles.placeholder.export_name' },
  { text: '{material_name}', label: 'titles.placeholder.material_name' },
  { text: '{color}', label: 'titles.placeholder.color' },
  { text: '{size}', label: 'titles.placeholder.size' },
  { text: '{keyword}', label: 'titles.placeholder.keyword' },
  { text: '{keywords:3}', label: 'titles.placeholder.keywords:N' },
  { text: '{category}', label: 'titles.placeholder.category' },
  { text: '{shop}', label: 'titles.placeholder.shop' },
] as const satisfies readonly { text: string; label: StringKey }[];

/** Marketplaces whose title limit the preview can apply (platform codes; docs/listing-tools.md#titles). */
export const PREVIEW_MARKETS = [1, 2, 15, 3] as const;
export const marketKey = (p: (typeof PREVIEW_MARKETS)[number]): StringKey => `titles.market.${p}`;
