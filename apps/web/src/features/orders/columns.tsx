import { PictureOutlined } from '@ant-design/icons';
import { Flex, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatMoney } from '@app/contract';
import type { OrderRow } from './orderRow';
import { dateTimeTwoLinesCell } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { OrderActions } from './OrderActions';
import { StatusTag } from './StatusTag';
import { OrderSource, ProfitLine } from './OrderSource';

export type { OrderRow } from './orderRow';

/** An amount with its two decimals without the code: the total above it says the currency (CNY). */
const amountOnly = (amount: string) => formatMoney(amount, 'CNY').replace(/ CNY$/, '');

/** An order's first mockup, or a stand-in when it has none. */
export function OrderThumb({ src, alt, size = 56 }: { src: string; alt: string; size?: number }) {
  return src ? (
    <img className="orders-thumb" src={src} alt={alt} loading="lazy" style={{ width: size, height: size }} />
  ) : (
    <span className="orders-thumb orders-thumb-none" style={{ width: size, height: size }} aria-hidden>
      <PictureOutlined />
    </span>
  );
}

/**
 * The order table's columns: mockup and order number (copyable, opening the detail), time, account (a parent's list
 * only), recipient and country, units, the amounts in CNY (the total, and under it items and shipping: one column, so
 * the whole row fits a 1440-px window), status and actions.
 */
export function useOrderColumns(withAccount: boolean): TableColumnsType<OrderRow> {
  const { t } = useI18n();
  return [
    {
      title: t('orders.col.order'),
      key: 'order_no',
      render: (_, o) => (
        <Flex align="center" gap={12}>
          <OrderThumb src={o.thumb} alt={o.order_no} size={48} />
          <Typography.Text copyable={{ text: o.order_no }} className="orders-no">
            <Link to={`/orders/detail?id=${o.id}`}>{o.order_no}</Link>
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('orders.col.created'), dataIndex: 'createtime', width: 110, render: (s: number) => dateTimeTwoLinesCell(s) },
    ...(withAccount ? [{ title: t('orders.col.account'), dataIndex: 'username', width: 90 }] : []),
    {
      title: t('orders.col.recipient'),
      key: 'recipient',
      render: (_, o) => (
        <div>
          <Typography.Text ellipsis={{ tooltip: o.recipient }} style={{ maxWidth: 140 }}>
            {o.recipient}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary">{o.country}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      // Where the order came from: the cart, or a marketplace buyer (its order number and status there).
      title: t('orders.col.source'),
      key: 'source',
      width: 200,
      render: (_, o) => <OrderSource order={o} />,
    },
    { title: t('orders.col.units'), dataIndex: 'units', width: 64, align: 'right' },
    {
      title: t('orders.col.amount'),
      key: 'amount',
      width: 170,
      align: 'right',
      render: (_, o) => (
        <div className="orders-amount-cell">
          <Typography.Text strong className="orders-money" data-testid="order-total">
            {formatMoney(o.total, 'CNY')}
          </Typography.Text>
          <Typography.Text type="secondary" className="orders-amount-parts">
            {t('orders.itemsAndShipping', { items: amountOnly(o.items_amount), shipping: amountOnly(o.shipping_amount) })}
          </Typography.Text>
          {o.profit && <ProfitLine profit={o.profit} currency={o.market?.currency ?? ''} />}
        </div>
      ),
    },
    {
      title: t('orders.col.status'),
      dataIndex: 'status',
      width: 104,
      render: (s: number, o: OrderRow) => <StatusTag status={s} held={o} />,
    },
    {
      title: t('orders.col.actions'),
      key: 'actions',
      width: 164,
      fixed: 'right',
      render: (_, o) => <OrderActions order={o} withDetail />,
    },
  ];
}
