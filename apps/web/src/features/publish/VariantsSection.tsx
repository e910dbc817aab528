import { Alert, Collapse, Empty, Flex, Spin, Typography } from 'antd';
import type { VariantInfo } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { ProductVariants, VariantSummary, type ProductPreview } from './ProductVariants';
import { picksOf, type Picks, type ProductPicks } from './variantPicks';

/**
 * The publish tab's products (docs/publish-tab.md): one panel per product with its colours, sizes and variants to
 * include and their prices; the first three open.
 */
export function VariantsSection({
  previews,
  loading,
  error,
  fetchingVariants,
  infoOf,
  picks,
  onPicks,
  disabled,
}: {
  previews: readonly ProductPreview[];
  /** The products' colours and sizes are still loading. */
  loading: boolean;
  /** Why the products or their variants could not be loaded. */
  error: string | undefined;
  /** The variants' prices are being (re)computed (another pricing template, other picks). */
  fetchingVariants: boolean;
  infoOf: (id: number) => VariantInfo | undefined;
  picks: Picks;
  onPicks: (productId: number, next: ProductPicks) => void;
  disabled: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      <Flex justify="space-between" align="baseline" style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 12 }}>
        <Typography.Title level={5} style={{ margin: 0, fontSize: 14 }}>
          {t('publish.variants')}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {fetchingVariants ? (
            <>
              <Spin size="small" /> {t('publish.loadingVariants')}
            </>
          ) : (
            t('publish.variantsHint')
          )}
        </Typography.Text>
      </Flex>
      <section aria-label={t('publish.variants')} style={{ maxHeight: 420, overflowY: 'auto' }}>
        {loading ? (
          <Spin style={{ display: 'block', padding: 24 }} />
        ) : error !== undefined ? (
          <Alert type="error" showIcon title={error} />
        ) : previews.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Collapse
            size="small"
            defaultActiveKey={previews.slice(0, 3).map((p) => String(p.id))}
            items={previews.map((p) => ({
              key: String(p.id),
              label: (
                <Flex gap={8} align="baseline">
                  <Typography.Text strong>{p.key_id}</Typography.Text>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 420 }}>
                    {p.title}
                  </Typography.Text>
                </Flex>
              ),
              extra: <VariantSummary preview={p} info={infoOf(p.id)} picks={picksOf(picks, p.id)} />,
              children: (
                <ProductVariants
                  preview={p}
                  info={infoOf(p.id)}
                  picks={picksOf(picks, p.id)}
                  onPicks={(next) => onPicks(p.id, next)}
                  disabled={disabled}
                />
              ),
            }))}
          />
        )}
      </section>
    </>
  );
}
