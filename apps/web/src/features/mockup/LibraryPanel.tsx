import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Select, Tabs, Typography } from 'antd';
import { useI18n, type StringKey } from '../../app/i18n';
import { filterSamples, SAMPLE_CATEGORIES, SAMPLE_TABS, SAMPLES, type Sample, type SampleTab } from './samples';

export const sampleName = (t: (key: StringKey) => string, id: string) => t(`mockup.sample.${id}` as StringKey);
const categoryName = (t: (key: StringKey) => string, key: string) => t(`mockup.cat.${key}` as StringKey);

/**
 * The sample library (docs/mockup-prototype.md#the-page): four tabs (products, materials, backgrounds, images), a
 * search by name and category pickers (category, subcategory) over the tab's placeholder categories. Picking a picture puts it on the
 * canvas; a background fills the canvas behind.
 */
export function LibraryPanel({
  background,
  onPlace,
  onBackground,
}: {
  background: string | undefined;
  onPlace: (sample: Sample) => void;
  onBackground: (sample: Sample) => void;
}) {
  const { t, lang } = useI18n();
  const [tab, setTab] = useState<SampleTab>('product');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string[]>([]);

  const groups = SAMPLE_CATEGORIES[tab];
  const [outer, inner] = category;
  const outerOptions = useMemo(() => Object.keys(groups).map((c) => ({ value: c, label: categoryName(t, c) })), [groups, t]);
  const innerOptions = useMemo(
    () => (outer ? (groups[outer] ?? []).map((c) => ({ value: c, label: categoryName(t, c) })) : []),
    [groups, outer, t],
  );
  const shown = filterSamples(SAMPLES, tab, query, category, (s) => sampleName(t, s.id));

  const grid = (
    <div className="mockup-library-body">
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('mockup.search')}
        aria-label={t('mockup.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {/* Two Selects rather than a Cascader: the chunks other pages share stay whole (docs/mockup-prototype.md#its-cost-to-other-pages). */}
      <div className="mockup-categories">
        <Select
          allowClear
          placeholder={t('mockup.category')}
          aria-label={t('mockup.category')}
          options={outerOptions}
          value={outer}
          onChange={(v: string | undefined) => setCategory(v ? [v] : [])}
        />
        <Select
          allowClear
          disabled={!outer}
          placeholder={t('mockup.subcategory')}
          aria-label={t('mockup.subcategory')}
          options={innerOptions}
          value={inner}
          onChange={(v: string | undefined) => setCategory(outer ? (v ? [outer, v] : [outer]) : [])}
        />
      </div>
      <Typography.Text type="secondary" role="status" style={{ fontSize: 12 }}>
        {t('mockup.results', { count: shown.length })}
      </Typography.Text>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mockup.noMatch')} />
      ) : (
        <ul className="mockup-grid" data-testid="mockup-grid">
          {shown.map((s) => {
            const name = sampleName(t, s.id);
            const isBackground = s.tab === 'background';
            return (
              <li key={s.id}>
                <button
                  type="button"
                  className="mockup-tile"
                  aria-label={t(isBackground ? 'mockup.useBackground' : 'mockup.place', { name })}
                  aria-pressed={isBackground ? background === s.src : undefined}
                  onClick={() => (isBackground ? onBackground(s) : onPlace(s))}
                >
                  <img src={s.src} alt="" width={80} height={80} />
                  <span>{name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );

  return (
    <section className="mockup-panel mockup-library" aria-label={t('mockup.library')}>
      <Tabs
        // The English names are longer: closer together, the four fit the column.
        tabBarGutter={lang === 'en' ? 12 : 24}
        activeKey={tab}
        onChange={(key) => {
          setTab(key as SampleTab);
          setCategory([]);
        }}
        items={SAMPLE_TABS.map((key) => ({ key, label: t(`mockup.tab.${key}`), children: key === tab ? grid : null }))}
      />
    </section>
  );
}
