import { useState } from 'react';
import { Alert, Button, Flex, Input, Select, Skeleton, Table, Typography } from 'antd';
import { COLOR_FAMILIES, hasCjk, LISTING_NAME_MAX, type ColorFamily, type ListingNames as Names } from '@app/contract';
import { useListingNames, useSetListingNames } from '../../../api';
import { useI18n } from '../../../app/i18n';
import { useFeedback } from '../../../app/feedback';

type Colour = Names['colors'][number];
type Size = Names['sizes'][number];

/**
 * The listing names of one finished product in the edit drawer (docs/finished.md#listing-names): each colour's English
 * name and colour family, each size's English name, as exports and publishes send them. Saved on their own
 * (setListingNames); the server refuses what is not English, naming it.
 */
export function ListingNames({ finishedId }: { finishedId: number }) {
  const names = useListingNames(finishedId);
  if (!names.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (names.data.colors.length === 0) return null;
  // Drafts start again from each answer (a save answers the names as stored).
  return <ListingNamesForm key={names.dataUpdatedAt} saved={names.data} />;
}

function ListingNamesForm({ saved }: { saved: Names }) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const save = useSetListingNames();
  const finishedId = saved.id;
  const [colours, setColours] = useState<Colour[]>(saved.colors);
  const [sizes, setSizes] = useState<Size[]>(saved.sizes);

  const changedColours = colours.filter((c, i) => c.en.trim() !== saved.colors[i]?.en || c.family !== saved.colors[i]?.family);
  const changedSizes = sizes.filter((s, i) => s.en.trim() !== saved.sizes[i]?.en);
  const notEnglish = [...colours, ...sizes].find((x) => hasCjk(x.en) || x.en.trim() === '');
  const submit = async () => {
    if (notEnglish)
      return void message.error(t('finished.listing.notEnglish', { name: 'color' in notEnglish ? notEnglish.color : notEnglish.size }));
    // Each name with the one the form loaded: the server keeps as stored (and not the seller's) what the seller did
    // not change, though a catalogue re-import renamed it since the form opened (docs/finished.md#listing-names).
    const loadedColour = new Map(saved.colors.map((c) => [c.color, c]));
    const loadedSize = new Map(saved.sizes.map((s) => [s.size, s]));
    await save.mutateAsync({
      id: finishedId,
      colors: changedColours.map((c) => ({
        color: c.color,
        en: c.en.trim(),
        family: c.family,
        was_en: loadedColour.get(c.color)?.en,
        was_family: loadedColour.get(c.color)?.family,
      })),
      sizes: changedSizes.map((s) => ({ size: s.size, en: s.en.trim(), was_en: loadedSize.get(s.size)?.en })),
    });
    message.success(t('finished.listing.saved'));
  };
  const setColour = (i: number, patch: Partial<Colour>) => setColours((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const setSize = (i: number, en: string) => setSizes((list) => list.map((s, j) => (j === i ? { ...s, en } : s)));

  return (
    <Flex vertical gap={8} data-testid="listing-names">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('finished.listing.title')}
      </Typography.Title>
      <Alert type="info" showIcon message={t('finished.listing.hint')} />
      <Flex gap={16} align="start" wrap>
        <Table<Colour>
          rowKey="color"
          size="small"
          pagination={false}
          dataSource={colours}
          style={{ flex: '2 1 480px' }}
          columns={[
            {
              title: t('finished.listing.color'),
              dataIndex: 'color',
              render: (_, c) => (
                <Flex align="center" gap={6}>
                  <span style={{ width: 14, height: 14, borderRadius: 3, background: c.color_code, border: '1px solid #0002' }} />
                  {c.color}
                </Flex>
              ),
            },
            {
              title: t('finished.listing.colorEn'),
              render: (_, c, i) => (
                <Input
                  size="small"
                  value={c.en}
                  maxLength={LISTING_NAME_MAX}
                  status={hasCjk(c.en) || c.en.trim() === '' ? 'error' : undefined}
                  aria-label={t('finished.listing.enOf', { name: c.color })}
                  onChange={(e) => setColour(i, { en: e.target.value })}
                />
              ),
            },
            {
              title: t('finished.listing.family'),
              width: 150,
              render: (_, c, i) => (
                <Select<ColorFamily>
                  size="small"
                  style={{ width: '100%' }}
                  value={c.family}
                  aria-label={t('finished.listing.familyOf', { name: c.color })}
                  options={COLOR_FAMILIES.map((f) => ({ value: f, label: f }))}
                  onChange={(family) => setColour(i, { family })}
                />
              ),
            },
          ]}
        />
        <Table<Size>
          rowKey="size"
          size="small"
          pagination={false}
          dataSource={sizes}
          style={{ flex: '1 1 300px' }}
          columns={[
            { title: t('finished.listing.size'), dataIndex: 'size' },
            {
              title: t('finished.listing.sizeEn'),
              render: (_, s, i) => (
                <Input
                  size="small"
                  value={s.en}
                  maxLength={LISTING_NAME_MAX}
                  status={hasCjk(s.en) || s.en.trim() === '' ? 'error' : undefined}
                  aria-label={t('finished.listing.enOf', { name: s.size })}
                  onChange={(e) => setSize(i, e.target.value)}
                />
              ),
            },
          ]}
        />
      </Flex>
      <Flex justify="end">
        <Button
          type="primary"
          ghost
          loading={save.isPending}
          disabled={changedColours.length === 0 && changedSizes.length === 0}
          onClick={() => void submit().catch(() => undefined)}
        >
          {t('finished.listing.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
