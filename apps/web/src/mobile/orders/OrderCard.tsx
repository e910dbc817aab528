import { Button, Dialog, Toast } from 'antd-mobile';
import { ORDER_STATUS, type DataOf, type MessageKey, type routes } from '@app/contract';
import { useCancelOrder, usePayOrder } from '../../api';
import { useI18n } from '../../app/i18n';
import type { StringKey } from '../../app/i18n';
import { formatDay } from '../components/formatDay';
import styles from './OrdersPage.module.css';
import { yuan } from '../components/yuan';

type OrderSummary = DataOf<typeof routes.orderList>['list'][number];

/** Cancelling is allowed before production (docs/orders.md#the-model). */
const canCancel = (status: number) => status === ORDER_STATUS.pendingPayment || status === ORDER_STATUS.paid;

/** An order as a card: number, status, picture, units, total; pay and cancel where the status allows. */
export function OrderCard({ order, onOpen }: { order: OrderSummary; onOpen: () => void }) {
  const { t, m, lang } = useI18n();
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  const orderNo = order.order_no;
  return (
    <li className={styles.card}>
      <button type="button" className={styles.cardButton} onClick={onOpen} aria-label={orderNo}>
        <span className={styles.cardHead}>
          <span className={styles.orderNo}>{orderNo}</span>
          <span className={styles.status}>{t(`orders.status.${order.status}` as StringKey)}</span>
        </span>
        <span className={styles.cardBody}>
          {order.thumb ? (
            <img src={order.thumb} alt="" width={64} height={64} className={styles.thumb} />
          ) : (
            <span className={styles.thumb} />
          )}
          <span className={styles.facts}>
            <span>{order.recipient}</span>
            <span className={styles.muted}>
              {formatDay(order.createtime, lang)} · {t('mobile.orders.units', { count: order.units })}
            </span>
            <span className={styles.total}>{t('mobile.orders.total', { total: order.total })}</span>
          </span>
        </span>
        {order.exception && (
          <span className={styles.held}>
            {t('mobile.orders.held', { reason: m(order.exception as MessageKey, { detail: order.exception_detail || '—' }) })}
          </span>
        )}
      </button>
      {(order.status === ORDER_STATUS.pendingPayment || canCancel(order.status)) && (
        <div className={styles.actions}>
          {canCancel(order.status) && (
            <Button
              size="small"
              loading={cancel.isPending}
              onClick={async () => {
                const ok = await Dialog.confirm({
                  content: t('mobile.orders.cancelConfirm', { orderNo }),
                  confirmText: t('mobile.orders.cancel'),
                  cancelText: t('mobile.cancel'),
                });
                // Said once the call is done, whether or not this card is still shown: the order leaves its tab.
                if (ok)
                  void cancel.mutateAsync(order.id).then(
                    () => Toast.show({ content: t('mobile.orders.cancelled', { orderNo }) }),
                    () => undefined,
                  );
              }}
            >
              {t('mobile.orders.cancel')}
            </Button>
          )}
          {order.status === ORDER_STATUS.pendingPayment && (
            <Button
              size="small"
              color="primary"
              loading={pay.isPending}
              onClick={() =>
                void pay.mutateAsync(order.id).then(
                  () => Toast.show({ icon: 'success', content: t('mobile.orders.paid', { orderNo }) }),
                  () => undefined,
                )
              }
            >
              {t('mobile.orders.pay')} {yuan(order.total)}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
