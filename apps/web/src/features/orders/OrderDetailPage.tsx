import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Table, Timeline, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatMoney, type DataOf, type routes } from '@app/contract';
import { useOrderDetail } from '../../api';
import { PageHeader } from '../../app/components';
import { formatDateTime } from '../../app/formatDateTime';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { positiveIdParam } from '../../app/urlParams';
import { OrderThumb } from './columns';
import { OrderActions } from './OrderActions';
import { StatusTag, useExceptionText } from './StatusTag';
import { WalletBalance } from './WalletBalance';
import './orders.css';

type Detail = DataOf<typeof routes.orderDetail>;
type Line = Detail['lines'][number];

/**
 * An order's detail (`/orders/detail?id=`, as the app's other detail pages are addressed): its lines as ordered (mockup,
 * product, colour, size, unit price, quantity, line total), the amounts, the address, the shipping method, the carrier and
 * tracking number once shipped, the history of its statuses, and the same pay / cancel actions as the list.
 */
export function OrderDetailPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = positiveIdParam(params.get('id'));
  const order = useOrderDetail(id ?? undefined);
  const back = (
    <Link to="/orders">
      <ArrowLeftOutlined /> {t('orders.back')}
    </Link>
  );
  if (id === null || order.isError) {
    return (
      <Card variant="borderless">
        <Result status="404" title={t('orders.notFound')} subTitle={t('orders.notFoundHint')} extra={back} />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      <div>{back}</div>
      {order.data ? (
        <OrderView order={order.data} />
      ) : (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </Flex>
  );
}

function OrderView({ order: o }: { order: Detail }) {
  const { t } = useI18n();
  const me = useCurrentUser();
  const money = (v: string) => <span className="orders-money">{formatMoney(v, 'CNY')}</span>;
  const a = o.address;
  const shipped = o.carrier !== '' || o.tracking_no !== '';
  const reason = useExceptionText();
  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={12}>
            <span>{t('orders.d.title', { orderNo: o.order_no })}</span>
            <StatusTag status={o.status} held={o} />
          </Flex>
        }
        extra={
          <Flex align="center" gap={16}>
            <OrderActions order={o} size="middle" />
            <WalletBalance />
          </Flex>
        }
      />
      {o.exception && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('orders.d.held')} description={reason(o)} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            <Card variant="borderless" title={t('orders.d.lines')} styles={{ body: { padding: 0 } }}>
              <Table<Line>
                className="orders-lines"
                rowKey="id"
                dataSource={o.lines}
                pagination={false}
                scroll={{ x: 'max-content' }}
                columns={[
                  {
                    title: t('orders.d.product'),
                    key: 'product',
                    render: (_, l) => (
                      <Flex align="center" gap={12}>
                        <OrderThumb src={l.img_urls[0] ?? ''} alt={l.product_name} size={64} />
                        <Typography.Text strong ellipsis={{ tooltip: l.product_name }} style={{ maxWidth: 260 }}>
                          {l.product_name}
                        </Typography.Text>
                      </Flex>
                    ),
                  },
                  { title: t('orders.d.color'), dataIndex: 'color', width: 110 },
                  { title: t('orders.d.size'), dataIndex: 'size', width: 80 },
                  { title: t('orders.d.price'), dataIndex: 'price', width: 120, align: 'right', render: money },
                  { title: t('orders.d.quantity'), dataIndex: 'num', width: 80, align: 'right' },
                  {
                    title: t('orders.d.lineTotal'),
                    dataIndex: 'line_total',
                    width: 130,
                    align: 'right',
                    render: (v: string) => <Typography.Text strong>{money(v)}</Typography.Text>,
                  },
                ]}
              />
              <Flex vertical align="flex-end" gap={4} className="orders-amounts" data-testid="order-amounts">
                <Flex gap={24}>
                  <Typography.Text type="secondary">{t('orders.d.items')}</Typography.Text>
                  {money(o.items_amount)}
                </Flex>
                <Flex gap={24}>
                  <Typography.Text type="secondary">{t('orders.d.shipping')}</Typography.Text>
                  {money(o.shipping_amount)}
                </Flex>
                <Flex gap={24} align="baseline">
                  <span>{t('orders.d.total')}</span>
                  <span className="orders-grand-total">{formatMoney(o.total, 'CNY')}</span>
                </Flex>
              </Flex>
            </Card>
            <Card variant="borderless" title={t('orders.d.info')}>
              <Descriptions column={{ xs: 1, md: 2 }} size="small">
                <Descriptions.Item label={t('orders.d.orderNo')}>
                  <Typography.Text copyable className="orders-no">
                    {o.order_no}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.d.created')}>{formatDateTime(o.createtime)}</Descriptions.Item>
                {me.is_parent && <Descriptions.Item label={t('orders.d.account')}>{o.username}</Descriptions.Item>}
                <Descriptions.Item label={t('orders.d.units')}>{o.units}</Descriptions.Item>
                <Descriptions.Item label={t('orders.d.shippingMethod')}>
                  {o.shipping_method.name}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                    {t('orders.d.days', { days: o.shipping_method.days })}
                  </Typography.Text>
                </Descriptions.Item>
                {shipped && (
                  <>
                    <Descriptions.Item label={t('orders.d.carrier')}>{o.carrier || '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('orders.d.trackingNo')}>
                      {o.tracking_no ? <Typography.Text copyable>{o.tracking_no}</Typography.Text> : '—'}
                      {/^https?:\/\//.test(o.tracking_url) && (
                        <Typography.Link href={o.tracking_url} target="_blank" rel="noopener noreferrer" style={{ marginInlineStart: 12 }}>
                          {t('orders.d.trackingUrl')}
                        </Typography.Link>
                      )}
                    </Descriptions.Item>
                  </>
                )}
              </Descriptions>
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <Card variant="borderless" title={t('orders.d.address')} data-testid="order-address">
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('orders.d.recipient')}>{a.recipient}</Descriptions.Item>
                <Descriptions.Item label={t('orders.d.phone')}>{a.phone}</Descriptions.Item>
                <Descriptions.Item label={t('orders.d.addressLines')}>
                  <span>
                    {[a.address1, a.address2].filter(Boolean).join(', ')}
                    <br />
                    {[a.city, a.province].filter(Boolean).join(', ')}
                  </span>
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.d.country')}>{a.country}</Descriptions.Item>
                {a.postcode && <Descriptions.Item label={t('orders.d.postcode')}>{a.postcode}</Descriptions.Item>}
              </Descriptions>
            </Card>
            <Card variant="borderless" title={t('orders.d.history')} data-testid="order-history">
              <Timeline
                items={[...o.history].reverse().map((h, i) => ({
                  color: i === 0 ? 'blue' : 'gray',
                  children: (
                    <Flex vertical>
                      <Typography.Text strong={i === 0}>{t(`orders.status.${h.status}` as 'orders.status.1')}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatDateTime(h.time)}
                      </Typography.Text>
                      {h.note && <Typography.Text type="secondary">{h.note}</Typography.Text>}
                    </Flex>
                  ),
                }))}
              />
            </Card>
          </Flex>
        </Col>
      </Row>
    </>
  );
}
