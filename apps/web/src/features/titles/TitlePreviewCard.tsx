import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, Col, Descriptions, Empty, Flex, Form, Row, Select, Spin, Tag, Typography } from 'antd';
import type { BodyOf, routes, TitleOverflow } from '@app/contract';
import { useFinishedList, useKeywordSets, useTitlePreview } from '../../api';
import { useI18n } from '../../app/i18n';
import { marketKey, PREVIEW_MARKETS } from './labels';
import { NotEnglishNotice } from './NotEnglishNotice';

/** How long the text must rest before the preview asks the server (a title is typed quickly). */
const PREVIEW_DEBOUNCE_MS = 300;

/** `value` once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Preview = NonNullable<ReturnType<typeof useTitlePreview>['data']>;
type Made = Preview['family'];

/** One made title: the text, its length against the budget, and a tag when cut or refused; a variant's colour and size above. */
function MadeTitle({ made, budget, variant }: { made: Made; budget: number; variant?: string }) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={2}>
      {variant && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {variant}
        </Typography.Text>
      )}
      <Typography.Text data-testid="made-title" delete={made.status === 'refused'} type={made.not_english ? 'danger' : undefined}>
        {made.title}
      </Typography.Text>
      <Flex gap={8} align="center">
        <Typography.Text type={made.status === 'ok' ? 'secondary' : 'warning'} style={{ fontSize: 12 }}>
          {t('titles.preview.length', { length: made.length, budget })}
        </Typography.Text>
        {made.status !== 'ok' && <Tag color={made.status === 'cut' ? 'orange' : 'red'}>{t(`titles.preview.status.${made.status}`)}</Tag>}
        {/* The export and publish refuse a title with Chinese in it (NotEnglishNotice names why). */}
        {made.not_english && (
          <Tag color="red" data-testid="not-english">
            {t('titles.preview.notEnglish')}
          </Tag>
        )}
      </Flex>
    </Flex>
  );
}

/**
 * The edit page's live preview (docs/listing-tools.md#preview): a finished product, a keyword set and a
 * marketplace chosen here; the server fills the template as it is being typed (debounced) with the same filling
 * the export and publish use, and answers the family title, each variant's, the keywords line and banned words.
 * A title with Chinese in it is marked as one the marketplace refuses, naming the placeholder (NotEnglishNotice).
 */
export function TitlePreviewCard({ template }: { template: { text: string; overflow: TitleOverflow; max_length: number } | null }) {
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState<number>();
  const [keywordSetId, setKeywordSetId] = useState(0);
  const [platform, setPlatform] = useState<number>(1);
  const settledSearch = useDebounced(search, PREVIEW_DEBOUNCE_MS);
  // A finished number (FP…) finds that product; other text searches the product names.
  const needle = settledSearch.trim();
  const products = useFinishedList(
    /^FP\d+$/i.test(needle)
      ? { pageNumber: 1, pageSize: 20, key_id: needle.toUpperCase() }
      : { pageNumber: 1, pageSize: 20, name: needle || undefined },
  );
  const sets = useKeywordSets({ pageNumber: 1, pageSize: 100 });

  const key = template && productId !== undefined ? JSON.stringify({ template, productId, keywordSetId, platform }) : null;
  const settledKey = useDebounced(key, PREVIEW_DEBOUNCE_MS);
  const body = useMemo<BodyOf<typeof routes.titleTemplatePreview> | null>(() => {
    if (settledKey === null) return null;
    const k = JSON.parse(settledKey) as {
      template: NonNullable<typeof template>;
      productId: number;
      keywordSetId: number;
      platform: number;
    };
    return {
      template: k.template.text,
      overflow: k.template.overflow,
      max_length: k.template.max_length,
      finished_id: k.productId,
      keyword_set_id: k.keywordSetId,
      platform: k.platform,
    };
  }, [settledKey]);
  const preview = useTitlePreview(body);
  const data = preview.data;

  return (
    <Card title={t('titles.preview')} data-testid="title-preview">
      <Form layout="vertical">
        <Row gutter={12}>
          <Col xs={24}>
            <Form.Item label={t('titles.preview.product')}>
              <Select
                showSearch
                filterOption={false}
                onSearch={setSearch}
                value={productId}
                onChange={setProductId}
                placeholder={t('titles.preview.productPh')}
                aria-label={t('titles.preview.product')}
                loading={products.isFetching}
                options={(products.data?.list ?? []).map((p) => ({
                  value: p.id,
                  label: `${p.key_id} · ${p.export_name || p.product_name}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('titles.preview.keywordSet')}>
              <Select
                value={keywordSetId}
                onChange={setKeywordSetId}
                aria-label={t('titles.preview.keywordSet')}
                options={[
                  { value: 0, label: t('titles.noKeywordSet') },
                  ...(sets.data?.list ?? []).map((s) => ({ value: s.id, label: s.name })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('titles.preview.marketplace')}>
              <Select
                value={platform}
                onChange={setPlatform}
                aria-label={t('titles.preview.marketplace')}
                options={PREVIEW_MARKETS.map((p) => ({ value: p, label: t(marketKey(p)) }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {productId === undefined ? (
        <Empty description={t('titles.preview.pickProduct')} />
      ) : preview.isError ? (
        <Alert type="warning" showIcon title={preview.error.message} />
      ) : !data ? (
        <Spin />
      ) : (
        <>
          <NotEnglishNotice data={data} />
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('titles.preview.family')}>
              <div data-testid="preview-family">
                <MadeTitle made={data.family} budget={data.budget} />
              </div>
            </Descriptions.Item>
            <Descriptions.Item label={t('titles.preview.variants')}>
              <Flex vertical gap={8} style={{ maxHeight: 260, overflowY: 'auto' }}>
                {data.variants.map((v) => (
                  <MadeTitle key={v.variant_id} made={v} budget={data.budget} variant={`${v.color} / ${v.size}`} />
                ))}
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t('titles.preview.keywords')}>
              <Flex vertical gap={2}>
                <Typography.Text>{data.generic_keywords || t('common.none')}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('titles.preview.bytes', { bytes: data.generic_keywords_bytes })}
                </Typography.Text>
              </Flex>
            </Descriptions.Item>
            {data.banned.length > 0 && (
              <Descriptions.Item label={t('titles.preview.banned')}>
                <Typography.Text type="danger">{data.banned.join('；')}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
        </>
      )}
    </Card>
  );
}
