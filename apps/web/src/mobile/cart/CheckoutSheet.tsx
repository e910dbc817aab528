import { useRef, useState } from 'react';
import { useNavigate } from '../shell/router';
import { Button, Form, Popup, Radio, Space, Toast } from 'antd-mobile';
import Decimal from 'decimal.js';
import { cartTotal, type CartItem, type OrderAddress } from '@app/contract';
import { usePayOrder, usePlaceOrder, useSavedAddresses, useShippingMethods } from '../../api';
import { useI18n } from '../../app/i18n';
import { AddressForm } from './AddressForm';
import styles from './CheckoutSheet.module.css';
import { yuan } from '../components/yuan';

type Placed = { id: number; order_no: string; total: string };

/**
 * The phone's checkout (docs/orders.md#checkout, on the phone): a saved address or a new one, the shipping methods to
 * its country for the parcel's weight, the amounts, and 提交订单; the placed order can be paid from the wallet at once.
 * The server prices the order again when it is placed: its total is what paying takes.
 */
export function CheckoutSheet({ lines, onClose }: { lines: readonly CartItem[]; onClose: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const saved = useSavedAddresses();
  const place = usePlaceOrder();
  const pay = usePayOrder();
  const [form] = Form.useForm<OrderAddress>();
  const [picked, setPicked] = useState<number | 'new'>();
  const [typedCountry, setTypedCountry] = useState<string>();
  const [methodId, setMethodId] = useState<string>();
  const [placed, setPlaced] = useState<Placed>();
  const busy = useRef(false);

  const choice = picked ?? (saved.data ? (saved.data[0]?.id ?? 'new') : saved.isError ? 'new' : undefined);
  const address = choice === 'new' ? undefined : saved.data?.find((a) => a.id === choice);
  const country = choice === 'new' ? typedCountry : address?.country;
  const grams = lines.reduce((g, l) => g + l.num * l.weight_g, 0);
  const methods = useShippingMethods(country, grams);
  const method = methods.data?.find((m) => m.id === methodId) ?? methods.data?.[0];
  const items = cartTotal(lines);
  const total = method ? new Decimal(items).plus(method.price).toFixed(2) : items;

  async function submit() {
    if (busy.current || !method) return;
    const to: OrderAddress = choice === 'new' ? await form.validateFields() : (address as OrderAddress);
    busy.current = true;
    const { recipient, phone, country: c, province, city, address1, address2, postcode } = to;
    try {
      const made = await place.mutateAsync({
        cart_ids: lines.map((l) => l.id).join(','),
        address: { recipient, phone, country: c, province: province ?? '', city, address1, address2: address2 ?? '', postcode },
        shipping_method: method.id,
      });
      setPlaced({ id: made.id, order_no: made.order_no, total: made.total });
    } finally {
      busy.current = false;
    }
  }

  const toOrders = (status: number) => void navigate(`/mobile-order-manage?status=${status}`);
  return (
    <Popup visible onMaskClick={placed ? undefined : onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div role="dialog" aria-label={t('mobile.checkout.title')} className={styles.content}>
        <h2 className={styles.title}>{placed ? t('mobile.checkout.placed', { orderNo: placed.order_no }) : t('mobile.checkout.title')}</h2>
        {placed ? (
          <Space direction="vertical" block>
            <Button
              block
              color="primary"
              size="large"
              loading={pay.isPending}
              onClick={() =>
                // Followed through whatever the refetches after the payment re-render meanwhile.
                void pay.mutateAsync(placed.id).then(
                  () => {
                    Toast.show({ icon: 'success', content: t('mobile.checkout.paid') });
                    toOrders(2);
                  },
                  () => undefined,
                )
              }
            >
              {t('mobile.checkout.payNow', { total: placed.total })}
            </Button>
            <Button block size="large" onClick={() => toOrders(1)}>
              {t('mobile.checkout.later')}
            </Button>
          </Space>
        ) : (
          <>
            <section className={styles.section}>
              <h3>{t('mobile.checkout.address')}</h3>
              {saved.data && saved.data.length > 0 && (
                <Radio.Group value={choice} onChange={(v) => setPicked(v as number | 'new')}>
                  <Space direction="vertical" block>
                    {saved.data.map((a) => (
                      <Radio key={a.id} value={a.id} className={styles.choice}>
                        {a.recipient} · {a.phone}
                        <br />
                        <span className={styles.muted}>
                          {[a.address1, a.address2, a.city, a.province, a.postcode, a.country].filter(Boolean).join(', ')}
                        </span>
                      </Radio>
                    ))}
                    <Radio value="new" className={styles.choice}>
                      {t('mobile.checkout.newAddress')}
                    </Radio>
                  </Space>
                </Radio.Group>
              )}
              {choice === 'new' && <AddressForm form={form} onCountry={setTypedCountry} />}
            </section>
            <section className={styles.section}>
              <h3>{t('mobile.checkout.method')}</h3>
              {country && methods.data?.length === 0 && <p className={styles.muted}>{t('mobile.checkout.noMethod')}</p>}
              {!country && <p className={styles.muted}>{t('mobile.checkout.pickCountry')}</p>}
              {methods.data && methods.data.length > 0 && (
                <Radio.Group value={method?.id} onChange={(v) => setMethodId(String(v))}>
                  <Space direction="vertical" block>
                    {methods.data.map((m) => (
                      <Radio key={m.id} value={m.id} className={styles.choice}>
                        {m.name} · {yuan(m.price)} · {t('mobile.checkout.days', { days: m.days })}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              )}
            </section>
            <section className={styles.amounts}>
              <span>{t('mobile.checkout.items', { amount: items })}</span>
              {method && <span>{t('mobile.checkout.shipping', { amount: method.price })}</span>}
            </section>
            <Button block color="primary" size="large" disabled={!method} loading={place.isPending} onClick={() => void submit()}>
              {t('mobile.checkout.submit', { total })}
            </Button>
          </>
        )}
      </div>
    </Popup>
  );
}
