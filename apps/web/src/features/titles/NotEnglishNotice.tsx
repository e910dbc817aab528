import { Alert } from 'antd';
import type { TitlePreview } from '@app/contract';
import { useI18n, type StringKey } from '../../app/i18n';

/** The placeholders the notice has advice for (the product's values; the keyword placeholders draw from the set). */
const ADVISED = ['product_name', 'export_name', 'material_name', 'category', 'shop', 'color', 'size'] as const;
type Advised = (typeof ADVISED)[number];
const isAdvised = (name: string): name is Advised => (ADVISED as readonly string[]).includes(name);

/**
 * What the preview says when a made title holds Chinese text (docs/listing-tools.md#preview): the export's and
 * publish's listing-text check refuses it (the same `hasCjk`, answered by the server per title), so each placeholder
 * that filled with Chinese is named with its English alternative — the product's English name when it has one.
 */
export function NotEnglishNotice({ data }: { data: TitlePreview }) {
  const { t } = useI18n();
  const titles = [data.family, ...data.variants];
  if (!titles.some((m) => m.not_english)) return null;
  // Each title names only the placeholders whose Chinese it holds (not those its cut left out), so every line
  // is true of at least one title marked 含中文; a title marked with none named is the template's own words.
  const refused = titles.filter((m) => m.not_english);
  const names = [...new Set(refused.flatMap((m) => m.cjk_placeholders))].filter(isAdvised);
  const example = data.english_name ? t('titles.preview.cjk.example', { name: data.english_name }) : '';
  const lines = names.map((n) => t(`titles.preview.cjk.${n}` as StringKey, { example }));
  // Chinese in a title no placeholder explains: the template's own words.
  if (refused.some((m) => m.cjk_placeholders.length === 0)) lines.push(t('titles.preview.cjk.text'));
  return (
    <Alert
      type="error"
      showIcon
      data-testid="preview-not-english"
      style={{ marginBottom: 12 }}
      title={t('titles.preview.notEnglishTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      }
    />
  );
}
