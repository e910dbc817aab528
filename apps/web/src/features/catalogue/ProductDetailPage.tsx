import { useMemo, useState } from 'react';
import { ArrowLeftOutlined, HighlightOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Flex, Radio, Result, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { designAreaName, skuColors, type ProductAttr, type ProductDetail } from '@app/contract';
import { useProduct } from '../../api';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { positiveIdParam } from '../../app/urlParams';
import { FavoriteButton } from './FavoriteButton';
import { formatPrice, tagLabel } from './labels';
import { Swatch } from './Swatch';

/**
 * A blank's detail (`/productdtl?id=`, the route the mobile shell links too; docs/editor.md#catalogue): photos per
 * colour, colour and size pickers, price per size, design areas, 收藏 / 已收藏 (docs/mobile.md#the-personal-product-library),
 * and 开始设计 on the chosen SKU. The server's `authorization` says whether the account's level may design it; when
 * not, the page says so and offers no button.
 */
export function ProductDetailPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = positiveIdParam(params.get('id'));
  const product = useProduct(id ?? undefined);

  const back = (
    <Link to="/products">
      <ArrowLeftOutlined /> {t('productDtl.back')}
    </Link>
  );
  if (id === null || product.isError) {
    return (
      <Card variant="borderless">
        <Result status="404" title={t('productDtl.notFound')} subTitle={t('productDtl.notFoundHint')} extra={back} />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      <div>{back}</div>
      {/* Keyed by product: colour, size and view choices never carry over to another product. */}
      {product.data ? (
        <ProductView key={product.data.id} product={product.data} />
      ) : (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </Flex>
  );
}

function ProductView({ product: p }: { product: ProductDetail }) {
  const { t, lang } = useI18n();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const colors = useMemo(() => skuColors(p.attr_list), [p.attr_list]);
  const [color, setColor] = useState(colors[0]?.name ?? '');
  const [size, setSize] = useState(p.attr_list[0]?.size ?? '');
  const [view, setView] = useState(0);

  const ofColor = p.attr_list.filter((a) => a.color === color);
  // A size the new colour does not come in falls back to its first.
  const sku: ProductAttr | undefined = ofColor.find((a) => a.size === size) ?? ofColor[0];
  const photos = sku?.templates ?? [];
  const photo = photos[Math.min(view, photos.length - 1)] ?? p.thumb;
  const allowed = p.authorization === 1;
  const tag = tagLabel(p.tag, lang);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={11}>
        <Card variant="borderless" styles={{ body: { padding: 16 } }}>
          <div style={{ aspectRatio: '1 / 1', background: '#f5f6fa', borderRadius: 8, overflow: 'hidden' }}>
            <img
              src={photo}
              alt={`${p.name} ${color} ${p.psds[view]?.name ?? ''}`.trim()}
              data-testid="product-photo"
              style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          </div>
          {photos.length > 1 && (
            <Flex gap={8} style={{ marginTop: 12 }} role="group" aria-label={t('productDtl.views')}>
              {photos.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  aria-label={p.psds[i]?.name ?? String(i + 1)}
                  aria-pressed={i === view}
                  onClick={() => setView(i)}
                  style={{
                    width: 72,
                    height: 72,
                    padding: 0,
                    borderRadius: 6,
                    overflow: 'hidden',
                    cursor: 'pointer',
                    background: '#f5f6fa',
                    border: i === view ? '2px solid #3350d6' : '1px solid #e5e7ef',
                  }}
                >
                  <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
                </button>
              ))}
            </Flex>
          )}
        </Card>
      </Col>

      <Col xs={24} lg={13}>
        <Flex vertical gap={16}>
          <Card variant="borderless">
            <Flex vertical gap={16}>
              <Flex align="center" gap={8} wrap>
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {p.name}
                </Typography.Title>
                {tag && <Tag color="red">{tag}</Tag>}
                <Tag icon={allowed ? undefined : <LockOutlined />}>v{p.level}</Tag>
                <FavoriteButton productId={p.id} favorite={p.favorite === 1} style={{ marginInlineStart: 'auto' }} />
              </Flex>
              <Descriptions
                size="small"
                column={2}
                items={[
                  { key: 'code', label: t('productDtl.code'), children: p.code },
                  { key: 'cate', label: t('productDtl.category'), children: p.cate_name },
                ]}
              />
              <Typography.Text style={{ color: '#d4380d', fontSize: 24, fontWeight: 600 }} aria-label={t('productDtl.price')}>
                ¥{formatPrice(sku?.price ?? p.min_price)}
              </Typography.Text>
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">
                  {t('productDtl.color')}: <Typography.Text strong>{color}</Typography.Text>
                </Typography.Text>
                <Flex gap={10} wrap role="group" aria-label={t('productDtl.color')}>
                  {colors.map((c) => (
                    <Swatch
                      key={c.name}
                      name={c.name}
                      code={c.code}
                      size={28}
                      selected={c.name === color}
                      onClick={() => setColor(c.name)}
                    />
                  ))}
                </Flex>
              </Flex>
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">{t('productDtl.size')}</Typography.Text>
                <Radio.Group
                  optionType="button"
                  value={sku?.size}
                  aria-label={t('productDtl.size')}
                  onChange={(e) => setSize(String(e.target.value))}
                  options={ofColor.map((a) => ({ value: a.size, label: a.size }))}
                />
              </Flex>
              {allowed && sku ? (
                <Flex align="center" gap={12} wrap>
                  <Button
                    type="primary"
                    size="large"
                    icon={<HighlightOutlined />}
                    onClick={() => void navigate(`/design?product_id=${p.id}&attr_id=${sku.id}`)}
                  >
                    {t('productDtl.start')}
                  </Button>
                  <Typography.Text type="secondary">{t('productDtl.startHint', { color: sku.color, size: sku.size })}</Typography.Text>
                </Flex>
              ) : allowed ? (
                // A blank without any colour and size on sale: nothing to design on, and not the level's fault.
                <Alert type="info" showIcon message={t('productDtl.noSku')} />
              ) : (
                <Alert
                  type="warning"
                  showIcon
                  icon={<LockOutlined />}
                  message={t('productDtl.refused', { mine: me.level, needed: p.level })}
                  description={t('productDtl.refusedHint')}
                />
              )}
            </Flex>
          </Card>

          <Card variant="borderless" title={t('productDtl.prices')} size="small">
            <Table
              size="small"
              pagination={false}
              rowKey="id"
              dataSource={ofColor}
              columns={[
                { key: 'size', title: t('productDtl.size'), dataIndex: 'size' },
                { key: 'price', title: t('productDtl.price'), dataIndex: 'price', render: (v: number) => `¥${formatPrice(v)}` },
              ]}
            />
          </Card>

          <Card variant="borderless" title={t('productDtl.areas')} size="small">
            <Flex vertical gap={8}>
              {p.design_list.map((a, i) => (
                <Flex key={a.id} justify="space-between" gap={12}>
                  <Typography.Text strong>{designAreaName(a, i)[lang]}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('productDtl.areaSize', { width: a.print_width, height: a.print_height })}
                  </Typography.Text>
                </Flex>
              ))}
            </Flex>
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}
