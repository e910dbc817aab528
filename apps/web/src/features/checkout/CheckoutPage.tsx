import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Form, Radio, Result, Row, Space, Table, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import Decimal from 'decimal.js';
import { cartLineTotal, cartTotal, moneyText, type CartItem, type OrderAddress } from '@app/contract';
import { useCheckoutLines, usePayOrder, usePlaceOrder, useSavedAddresses, useShippingCountries, useShippingMethods } from '../../api';
import { PageHeader } from '../../app/components';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { AddressSection, type AddressChoice } from './AddressSection';
import './checkout.css';

const money = (v: string | number) => `¥${moneyText(v)}`;

/**
 * The checkout (/checkout?ids=…, docs/orders.md#checkout): the cart lines chosen on /cart, an address (a saved one
 * or a new one), the shipping methods to its country for the parcel's weight, the amounts, and 提交订单. The order
 * is priced again by the server at the moment it is placed; then it can be paid from the wallet at once.
 */
export function CheckoutPage() {
  const { t } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useMemo(
    () =>
      (params.get('ids') ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    [params],
  );
  const lines = useCheckoutLines(ids);
  const countries = useShippingCountries();
  const saved = useSavedAddresses();
  const place = usePlaceOrder();
  const pay = usePayOrder();
  const [form] = Form.useForm<OrderAddress>();
  const [picked, setChoice] = useState<AddressChoice | undefined>();
  const [typedCountry, setTypedCountry] = useState<string>();
  const [methodId, setMethodId] = useState<string>();
  const [placed, setPlaced] = useState<{ id: number; order_no: string; total: string; paid: boolean }>();

  // The latest saved address is chosen until the seller picks; without any, the form.
  const choice = picked ?? (saved.data ? (saved.data[0]?.id ?? 'new') : saved.isError ? 'new' : undefined);
  const address = choice === 'new' ? undefined : saved.data?.find((a) => a.id === choice);
  const country = choice === 'new' ? typedCountry : address?.country;

  const available = (lines.data?.list ?? []).filter((l) => l.available);
  const missing = lines.data ? ids.length - available.length : 0;
  const grams = available.reduce((g, l) => g + l.num * l.weight_g, 0);
  const methods = useShippingMethods(country, grams);
  // The cheapest method is chosen until the seller picks another that is still offered.
  const method = methods.data?.find((m) => m.id === methodId) ?? methods.data?.[0];
  const items = cartTotal(available);
  const total = method ? new Decimal(items).plus(method.price).toFixed(2) : items;

  // One click places one order: a second click before the answer does nothing.
  const busy = useRef(false);
  async function submit() {
    if (busy.current) return;
    const to: OrderAddress = choice === 'new' ? await form.validateFields() : (address as OrderAddress);
    if (!method) return;
    busy.current = true;
    const { recipient, phone, country: c, province, city, address1, address2, postcode } = to;
    try {
      const made = await place.mutateAsync({
        cart_ids: available.map((l) => l.id).join(','),
        address: { recipient, phone, country: c, province, city, address1, address2, postcode },
        shipping_method: method.id,
      });
      // The total as the server priced the order: what paying it takes.
      setPlaced({ id: made.id, order_no: made.order_no, total: made.total, paid: false });
    } finally {
      busy.current = false;
    }
  }
  const paying = useRef(false);
  const payNow = (order: NonNullable<typeof placed>) => {
    if (paying.current) return;
    paying.current = true;
    void pay
      .mutateAsync(order.id)
      .then(
        () => {
          setPlaced({ ...order, paid: true });
          void message.success(t('checkout.paid'));
        },
        () => undefined,
      )
      .finally(() => (paying.current = false));
  };

  if (placed)
    return (
      <Result
        status="success"
        title={t('checkout.placed', { orderNo: placed.order_no })}
        subTitle={placed.paid ? t('checkout.paid') : t('checkout.placedHint')}
        extra={[
          !placed.paid && (
            <Button key="pay" type="primary" loading={pay.isPending} onClick={() => payNow(placed)}>
              {t('checkout.payNow', { total: placed.total })}
            </Button>
          ),
          !placed.paid && (
            <Button key="wallet" onClick={() => void navigate('/wallet')}>
              {t('checkout.recharge')}
            </Button>
          ),
          <Button key="orders" onClick={() => void navigate('/orders')}>
            {t('checkout.viewOrders')}
          </Button>,
        ]}
      />
    );

  if (ids.length === 0 || (lines.data && available.length === 0))
    return (
      <Empty description={t('checkout.noLines')}>
        <Link to="/cart">{t('checkout.backToCart')}</Link>
      </Empty>
    );

  const columns = [
    {
      key: 'product',
      title: t('checkout.items', { count: available.length }),
      render: (_: unknown, l: CartItem) => (
        <Flex gap={12} align="center">
          {l.img_urls[0] ? <img className="checkout-thumb" src={l.img_urls[0]} alt="" /> : <div className="checkout-thumb" />}
          <div>
            <div>{l.product_name}</div>
            <Typography.Text type="secondary">
              {l.color} / {l.size}
            </Typography.Text>
          </div>
        </Flex>
      ),
    },
    { key: 'price', title: '', align: 'right' as const, render: (_: unknown, l: CartItem) => `${money(l.price)} × ${l.num}` },
    { key: 'total', title: '', align: 'right' as const, width: 120, render: (_: unknown, l: CartItem) => money(cartLineTotal(l)) },
  ];

  return (
    <div className="checkout">
      <PageHeader
        title={t('checkout.title')}
        subtitle={t('checkout.subtitle')}
        extra={<Link to="/cart">{t('checkout.backToCart')}</Link>}
      />
      {missing > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('checkout.someUnavailable', { count: missing })} />
      )}
      <Row gutter={24} align="top">
        <Col xs={24} lg={16}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card title={t('checkout.address')} loading={saved.isPending}>
              {choice !== undefined && (
                <AddressSection
                  saved={saved.data ?? []}
                  countries={countries.data ?? []}
                  choice={choice}
                  onChoice={setChoice}
                  form={form}
                  onCountry={setTypedCountry}
                />
              )}
            </Card>
            <Card title={t('checkout.shipping')} extra={grams > 0 && t('checkout.weight', { kg: (grams / 1000).toFixed(2) })}>
              {!country ? (
                <Typography.Text type="secondary">{t('checkout.shippingPick')}</Typography.Text>
              ) : methods.isError || (methods.data && methods.data.length === 0) ? (
                <Typography.Text type="danger">{t('checkout.noMethod')}</Typography.Text>
              ) : (
                <Radio.Group value={method?.id} onChange={(e) => setMethodId(e.target.value as string)} style={{ width: '100%' }}>
                  <Space direction="vertical" style={{ width: '100%' }}>
                    {(methods.data ?? []).map((m) => (
                      <Radio key={m.id} value={m.id} className="checkout-method">
                        <Flex justify="space-between" gap={16} style={{ width: '100%' }}>
                          <span>{m.name}</span>
                          <Typography.Text type="secondary">{t('checkout.days', { days: m.days })}</Typography.Text>
                          <Typography.Text strong>{money(m.price)}</Typography.Text>
                        </Flex>
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              )}
            </Card>
            <Card styles={{ body: { padding: 0 } }}>
              <Table rowKey="id" size="middle" loading={lines.isPending} columns={columns} dataSource={available} pagination={false} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} lg={8}>
          <Card className="checkout-summary">
            <Flex vertical gap={10}>
              <Flex justify="space-between">
                <span>{t('checkout.itemsAmount')}</span>
                <span>{money(items)}</span>
              </Flex>
              <Flex justify="space-between">
                <span>{t('checkout.shippingAmount')}</span>
                <span>{method ? money(method.price) : '—'}</span>
              </Flex>
              <Flex justify="space-between" align="baseline" className="checkout-total">
                <span>{t('checkout.total')}</span>
                <span data-testid="checkout-total">{money(total)}</span>
              </Flex>
              <Button
                type="primary"
                size="large"
                block
                disabled={!method || available.length === 0}
                loading={place.isPending}
                onClick={() => void submit().catch(() => undefined)}
              >
                {t('checkout.submit')}
              </Button>
            </Flex>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
