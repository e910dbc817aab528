import { Button, Flex, Popconfirm } from 'antd';
import { Link } from 'react-router';
import { ORDER_STATUS, formatMoney } from '@app/contract';
import { useCancelOrder, usePayOrder, useRetryProduction } from '../../api';
import { settled, useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';

interface Order {
  id: number;
  order_no: string;
  status: number;
  total: string;
  exception: string;
}

/** Whether an order can still be cancelled: before production (docs/orders.md#the-flow). */
export const canCancel = (status: number) => status === ORDER_STATUS.pendingPayment || status === ORDER_STATUS.paid;

/**
 * An order's actions, in the list and on its detail: 付款 while it waits for payment, 重新提交生产 for an order the factory
 * refused (docs/orders.md#production), 取消 before production (a paid order is refunded to the wallet, and the
 * confirmation says so), and 详情 in the list. A refusal (a shortfall, an order already
 * moved in another tab) is shown by the global handler with the server's message.
 */
export function OrderActions({
  order,
  withDetail = false,
  size = 'small',
}: {
  order: Order;
  withDetail?: boolean;
  size?: 'small' | 'middle';
}) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  const retry = useRetryProduction();
  const orderNo = order.order_no;
  const total = formatMoney(order.total, 'CNY');
  const link = size === 'small';
  return (
    <Flex gap={link ? 0 : 8} wrap={!link}>
      {order.status === ORDER_STATUS.pendingPayment && (
        <Popconfirm
          title={t('orders.confirmPay', { orderNo, total })}
          okText={t('orders.pay')}
          cancelText={t('common.cancel')}
          onConfirm={() => settled(pay.mutateAsync(order.id).then(() => void message.success(t('orders.paid', { orderNo }))))}
        >
          <Button type={link ? 'link' : 'primary'} size={size} loading={pay.isPending} aria-label={`${t('orders.pay')} ${orderNo}`}>
            {t('orders.pay')}
          </Button>
        </Popconfirm>
      )}
      {order.exception !== '' && order.status === ORDER_STATUS.paid && (
        <Button
          type={link ? 'link' : 'primary'}
          size={size}
          loading={retry.isPending}
          aria-label={`${t('orders.retry')} ${orderNo}`}
          onClick={() => settled(retry.mutateAsync(order.id).then(() => void message.success(t('orders.retried', { orderNo }))))}
        >
          {link ? t('orders.retryShort') : t('orders.retry')}
        </Button>
      )}
      {canCancel(order.status) && (
        <Popconfirm
          title={t(order.status === ORDER_STATUS.paid ? 'orders.confirmCancelPaid' : 'orders.confirmCancelPending', { orderNo, total })}
          okText={t('orders.cancel')}
          okButtonProps={{ danger: true }}
          cancelText={t('orders.keep')}
          onConfirm={() =>
            settled(
              cancel.mutateAsync(order.id).then((r) => {
                const refunded = Number(r.refunded) > 0;
                void message.success(
                  refunded ? t('orders.refunded', { orderNo, amount: formatMoney(r.refunded, 'CNY') }) : t('orders.cancelled', { orderNo }),
                );
              }),
            )
          }
        >
          <Button
            type={link ? 'link' : 'default'}
            size={size}
            danger
            loading={cancel.isPending}
            aria-label={`${t('orders.cancelShort')} ${orderNo}`}
          >
            {link ? t('orders.cancelShort') : t('orders.cancel')}
          </Button>
        </Popconfirm>
      )}
      {withDetail && (
        <Link
          to={`/orders/detail?id=${order.id}`}
          aria-label={`${t('orders.detail')} ${orderNo}`}
          style={{ padding: '0 7px', lineHeight: '24px' }}
        >
          {t('orders.detail')}
        </Link>
      )}
    </Flex>
  );
}
