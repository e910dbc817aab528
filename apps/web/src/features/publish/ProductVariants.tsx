import { Checkbox, Flex, Image, Input, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { formatMoney, type ColorSize, type VariantInfo } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { colourKey, formatPrice, isIncluded, parsePrice, summarize, toggle, type ProductPicks } from './variantPicks';

/** One product's colours and sizes as the preview lists them (getColorSizePreview). */
export interface ProductPreview {
  id: number;
  key_id: string;
  title: string;
  thumb: string;
  colors: string[];
  sizes: string[];
  sku_count: number;
  /** The product itself, or a combination's childs, each with its own colours. */
  members: { id: number; key_id: string; colors: string[] }[];
}

/**
 * A row of tickable values (the colours of one product, or the sizes), each by its key; `lastOn`: the one value
 * still ticked among all the rows, which cannot be unticked.
 */
function ValueTicks({
  label,
  values,
  off,
  lastOn,
  onChange,
  testId,
}: {
  label: string;
  values: { key: string; label: string }[];
  off: string[];
  lastOn: string | null;
  onChange: (key: string, off: boolean) => void;
  testId: string;
}) {
  const { t } = useI18n();
  return (
    <Flex gap={8} align="center" wrap data-testid={testId}>
      <Typography.Text type="secondary" style={{ minWidth: 40 }}>
        {label}
      </Typography.Text>
      {values.map((v) => {
        const last = v.key === lastOn;
        const box = (
          <Checkbox key={v.key} checked={!off.includes(v.key)} disabled={last} onChange={(e) => onChange(v.key, !e.target.checked)}>
            {v.label}
          </Checkbox>
        );
        return last ? (
          <Tooltip key={v.key} title={t('publish.lastOne')}>
            {box}
          </Tooltip>
        ) : (
          box
        );
      })}
    </Flex>
  );
}

/** The one key still ticked, or null when more (or none) are. */
const onlyOn = (keys: string[], off: string[]) => {
  const on = keys.filter((k) => !off.includes(k));
  return on.length === 1 ? on[0]! : null;
};

/** What will go of one product: SKUs chosen out of all, and their min–max price (its panel's header). */
export function VariantSummary({ preview, info, picks }: { preview: ProductPreview; info: VariantInfo | undefined; picks: ProductPicks }) {
  const { t } = useI18n();
  if (!info) return null;
  const summary = summarize(info, picks);
  return (
    <Flex gap={12} align="baseline" data-testid="variant-summary" style={{ fontVariantNumeric: 'tabular-nums' }}>
      <Typography.Text>{t('publish.skuSummary', { n: summary.included.length, total: preview.sku_count })}</Typography.Text>
      {summary.invalid > 0 && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('publish.v.fixPrices', { n: summary.invalid })}
        </Typography.Text>
      )}
      {summary.min !== null && summary.max !== null ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('publish.priceRange', { min: formatMoney(summary.min, info.currency), max: formatMoney(summary.max, info.currency) })}
        </Typography.Text>
      ) : (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {t('publish.noVariantChosen')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * One chosen product in the Publish Online tab (docs/publish-tab.md#variant-table, docs/variants.md#variant-info):
 * its colours (a combination's per child) and sizes (untick one to leave it out), then its variants with a tick,
 * the seller SKU and crossed-out price the publish sends and an editable price each, and the SKU count and min–max
 * price of what will go.
 */
export function ProductVariants({
  preview,
  info,
  picks,
  onPicks,
  disabled,
}: {
  preview: ProductPreview;
  info: VariantInfo | undefined;
  picks: ProductPicks;
  onPicks: (next: ProductPicks) => void;
  disabled: boolean;
}) {
  const { t } = useI18n();
  // The listing's currency, beside every price (docs/pricing-templates.md#currencies).
  const currency = info?.currency ?? 'USD';

  const columns: TableColumnsType<ColorSize> = [
    {
      title: t('publish.col.include'),
      key: 'include',
      width: 56,
      render: (_, v) => (
        <Checkbox
          aria-label={`${v.color} ${v.size}`}
          checked={isIncluded(v, picks)}
          // A variant whose colour or size is unticked comes back with its colour or size.
          disabled={disabled || picks.offColors.includes(colourKey(v.finished_id, v.color)) || picks.offSizes.includes(v.size)}
          onChange={(e) => onPicks({ ...picks, offVariants: toggle(picks.offVariants, v.id, !e.target.checked) })}
        />
      ),
    },
    { title: t('publish.col.color'), dataIndex: 'color', width: 84 },
    { title: t('publish.col.size'), dataIndex: 'size', width: 64 },
    {
      title: t('publish.col.variant'),
      dataIndex: 'key_id',
      width: 176,
      render: (key: string, v) => (
        <Flex gap={6} align="center">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {key}
          </Typography.Text>
          {v.as_parent === 1 && <Tag color="gold">{t('publish.parent')}</Tag>}
        </Flex>
      ),
    },
    {
      // The seller SKU the publish sends: the product template's prefix + the variant's code (docs/exports.md#skus).
      title: t('publish.col.sellerSku'),
      dataIndex: 'seller_sku',
      width: 226,
      render: (sku: string) => (
        <Typography.Text data-testid="seller-sku" style={{ fontSize: 11, fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          {sku}
        </Typography.Text>
      ),
    },
    {
      title: t('publish.col.price'),
      key: 'price',
      width: 146,
      render: (_, v) => {
        const typed = picks.prices[v.id];
        const bad = typed !== undefined && parsePrice(typed) === null;
        return (
          <Tooltip open={bad ? undefined : false} title={t('publish.v.price')}>
            <Input
              size="small"
              aria-label={`${t('publish.col.price')} ${v.color} ${v.size}`}
              value={typed ?? formatPrice(v.price, currency)}
              suffix={<span data-testid="price-currency">{currency}</span>}
              status={bad ? 'error' : undefined}
              disabled={disabled || !isIncluded(v, picks)}
              inputMode="decimal"
              style={{ width: 128, fontVariantNumeric: 'tabular-nums' }}
              onChange={(e) => onPicks({ ...picks, prices: { ...picks.prices, [v.id]: e.target.value } })}
              onBlur={() => {
                // A valid price shows with its two decimals once the seller leaves the field.
                const n = typed === undefined ? null : parsePrice(typed);
                if (n !== null) onPicks({ ...picks, prices: { ...picks.prices, [v.id]: formatPrice(n, currency) } });
              }}
            />
          </Tooltip>
        );
      },
    },
    {
      // The pricing template's crossed-out price, sent beside the price (none without a discount).
      title: t('publish.col.crossedOut'),
      dataIndex: 'crossed_out',
      width: 96,
      render: (price: number | null) =>
        price === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Typography.Text delete type="secondary" data-testid="crossed-out" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(price, currency)}
          </Typography.Text>
        ),
    },
  ];
  // A combination's colours are ticked per child (two childs may both have White); a product alone, by name.
  const colourKeys = preview.members.flatMap((m) => m.colors.map((c) => colourKey(m.id, c)));
  const lastColour = onlyOn(colourKeys, picks.offColors);
  const onColour = (key: string, off: boolean) => onPicks({ ...picks, offColors: toggle(picks.offColors, key, off) });

  return (
    <section
      aria-label={preview.key_id}
      data-testid={`variants-${preview.id}`}
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      <Flex gap={12} align="center">
        <Image src={preview.thumb} width={52} height={52} style={{ objectFit: 'cover', borderRadius: 6 }} preview={false} alt="" />
        <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
          {preview.members.map((m) => (
            <ValueTicks
              key={m.id}
              label={preview.members.length > 1 ? `${t('publish.colors')} · ${m.key_id}` : t('publish.colors')}
              values={m.colors.map((c) => ({ key: colourKey(m.id, c), label: c }))}
              off={picks.offColors}
              lastOn={lastColour}
              testId={preview.members.length > 1 ? `color-ticks-${m.key_id}` : 'color-ticks'}
              onChange={onColour}
            />
          ))}
          <ValueTicks
            label={t('publish.sizes')}
            values={preview.sizes.map((z) => ({ key: z, label: z }))}
            off={picks.offSizes}
            lastOn={onlyOn(preview.sizes, picks.offSizes)}
            testId="size-ticks"
            onChange={(v, off) => onPicks({ ...picks, offSizes: toggle(picks.offSizes, v, off) })}
          />
        </Flex>
      </Flex>
      <Table<ColorSize>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={info?.colorSizes ?? []}
        loading={!info}
        pagination={false}
        scroll={{ x: 848, y: 200 }}
        onRow={(v) => ({ style: isIncluded(v, picks) ? undefined : { opacity: 0.5 } })}
      />
    </section>
  );
}
