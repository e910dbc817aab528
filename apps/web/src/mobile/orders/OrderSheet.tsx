import { Button, Popup, Steps } from 'antd-mobile';
import { useOrderDetail } from '../../api';
import { useI18n } from '../../app/i18n';
import type { StringKey } from '../../app/i18n';
import { PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { formatDay } from '../components/formatDay';
import styles from './OrdersPage.module.css';
import { yuan } from '../components/yuan';

/** An order's sheet: its lines, amounts, address, shipping, tracking once shipped, and its history. */
export function OrderSheet({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, lang } = useI18n();
  const order = useOrderDetail(id);
  const o = order.data;
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div role="dialog" aria-label={o?.order_no ?? ''} className={styles.sheetContent}>
        <div className={styles.sheetTop}>
          <h2 className={styles.sheetTitle}>{o?.order_no}</h2>
          <Button fill="none" size="small" onClick={onClose} className={styles.close}>
            {t('mobile.finished.close')}
          </Button>
        </div>
        {order.isPending ? (
          <PhoneLoading />
        ) : order.isError ? (
          <PhoneFailed error={order.error} retry={() => void order.refetch()} />
        ) : (
          o && (
            <>
              <p className={styles.status}>{t(`orders.status.${o.status}` as StringKey)}</p>
              {o.tracking_no && (
                <p className={styles.tracking}>
                  {t('mobile.orders.tracking', { carrier: o.carrier, trackingNo: o.tracking_no })}{' '}
                  {o.tracking_url && (
                    <a href={o.tracking_url} target="_blank" rel="noreferrer">
                      {t('mobile.orders.track')}
                    </a>
                  )}
                </p>
              )}
              <ul className={styles.lines}>
                {o.lines.map((l) => (
                  <li key={l.id} className={styles.lineItem}>
                    {l.img_urls[0] ? <img src={l.img_urls[0]} alt="" width={56} height={56} className={styles.lineThumb} /> : null}
                    <span className={styles.facts}>
                      <span>{l.product_name}</span>
                      <span className={styles.muted}>
                        {l.color} / {l.size} · {yuan(l.price)} × {l.num}
                      </span>
                    </span>
                    <span className={styles.lineTotal}>{yuan(l.line_total)}</span>
                  </li>
                ))}
              </ul>
              <dl className={styles.amounts}>
                <dt>{t('mobile.checkout.items', { amount: o.items_amount })}</dt>
                <dt>{t('mobile.checkout.shipping', { amount: o.shipping_amount })}</dt>
                <dt className={styles.total}>{t('mobile.orders.total', { total: o.total })}</dt>
              </dl>
              <p className={styles.address}>
                {o.address.recipient} · {o.address.phone}
                <br />
                {[o.address.address1, o.address.address2, o.address.city, o.address.province, o.address.postcode, o.address.country]
                  .filter(Boolean)
                  .join(', ')}
                <br />
                {o.shipping_method.name} · {t('mobile.checkout.days', { days: o.shipping_method.days })}
              </p>
              <Steps direction="vertical" current={o.history.length - 1}>
                {o.history.map((h) => (
                  <Steps.Step
                    key={`${h.status}-${h.time}`}
                    title={t(`orders.status.${h.status}` as StringKey)}
                    description={`${formatDay(h.time, lang)}${h.note ? ` · ${h.note}` : ''}`}
                  />
                ))}
              </Steps>
            </>
          )
        )}
      </div>
    </Popup>
  );
}
