import { Flex, Tag, Tooltip, Typography } from 'antd';
import { formatMoney, type MessageKey } from '@app/contract';
import { messageText, useI18n } from '../../app/i18n';
import type { OrderRow } from './orderRow';

const PLATFORM_COLORS: Record<number, string> = { 2: 'red', 15: 'default' };

/**
 * Where an order came from (docs/market-orders.md): the cart, or a marketplace buyer — the marketplace, its order
 * number (copyable) and status there, whether our tracking went back, and what waits on the seller.
 */
export function OrderSource({ order }: { order: OrderRow }) {
  const { t, lang } = useI18n();
  const m = order.market;
  if (!m) return <Typography.Text type="secondary">{t('orders.source.cart')}</Typography.Text>;
  return (
    <Flex vertical gap={2} data-testid="order-market">
      <Flex gap={4} align="center" wrap>
        <Tag color={PLATFORM_COLORS[m.platform] ?? 'default'} style={{ marginInlineEnd: 0 }}>
          {t(`orders.source.platform.${m.platform}` as 'orders.source.platform.15')}
        </Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {m.remote_status}
        </Typography.Text>
      </Flex>
      <Typography.Text copyable={{ text: m.remote_order_id }} style={{ fontSize: 12 }}>
        {m.remote_order_id}
      </Typography.Text>
      {m.ship_state === 'sent' && (
        <Typography.Text type="success" style={{ fontSize: 12 }}>
          {t('orders.source.trackingSent')}
        </Typography.Text>
      )}
      {m.exception && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {messageText(lang, m.exception as MessageKey, m.exception_params)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** An order's profit in CNY, green or red, with how it is made up on hover (docs/market-orders.md#profit). */
export function ProfitLine({ profit, currency }: { profit: NonNullable<OrderRow['profit']>; currency: string }) {
  const { t } = useI18n();
  const negative = profit.profit_cny.startsWith('-');
  return (
    <Tooltip
      title={t('orders.profitHint', {
        paid: formatMoney(profit.buyer_paid_cny, 'CNY'),
        rate: currency === 'CNY' ? '1' : `${profit.rate} CNY/${currency}`,
        fee: formatMoney(profit.fee_cny, 'CNY'),
        cost: formatMoney(profit.cost_cny, 'CNY'),
      })}
    >
      <Typography.Text type={negative ? 'danger' : 'success'} className="orders-amount-parts" data-testid="order-profit">
        {t('orders.profit', { amount: formatMoney(profit.profit_cny, 'CNY') })}
      </Typography.Text>
    </Tooltip>
  );
}
