import { useState } from 'react';
import { Button, Image, Popup, Selector, Swiper, TextArea, Toast } from 'antd-mobile';
import type { FinishedRow } from '@app/contract';
import { useAddRemark, useAddVariantToCart, useFinishedVariants } from '../../api';
import { useI18n } from '../../app/i18n';
import { Quantity } from '../components/Quantity';
import styles from './FinishedSheet.module.css';
import { yuan } from '../components/yuan';

const REMARK_MAX = 500;

/**
 * A finished product's sheet (docs/mobile.md#finished-products-on-the-phone): its images, colours and sizes, how many
 * were ordered, its remark, and a variant put in the cart with a quantity.
 */
export function FinishedSheet({ row, onClose }: { row: FinishedRow; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div role="dialog" aria-label={row.product_name} className={styles.content}>
        <div className={styles.top}>
          <h2 className={styles.title}>{row.product_name}</h2>
          <Button fill="none" size="small" onClick={onClose} className={styles.close}>
            {t('mobile.finished.close')}
          </Button>
        </div>
        <p className={styles.sub}>
          {t('mobile.finished.number', { key: row.key_id })} · {t('mobile.finished.orders', { count: row.order_num })}
        </p>
        {row.img_urls.length > 0 && (
          <Swiper className={styles.swiper} indicatorProps={{ color: 'primary' }}>
            {row.img_urls.map((src) => (
              <Swiper.Item key={src}>
                <Image src={src} alt={row.product_name} fit="contain" className={styles.photo} lazy />
              </Swiper.Item>
            ))}
          </Swiper>
        )}
        <AddToCart row={row} />
        <Remark row={row} />
      </div>
    </Popup>
  );
}

/** A colour and a size pick one variant; the quantity is at least 1. */
function AddToCart({ row }: { row: FinishedRow }) {
  const { t, m } = useI18n();
  const variants = useFinishedVariants(row.id, '');
  const add = useAddVariantToCart();
  const list = variants.data ?? [];
  const colours = [...new Set(list.map((v) => v.color))];
  const [colour, setColour] = useState<string>();
  const [size, setSize] = useState<string>();
  const [num, setNum] = useState(1);
  const pickedColour = colour ?? colours[0];
  const sizes = list.filter((v) => v.color === pickedColour).map((v) => v.size);
  const variant = list.find((v) => v.color === pickedColour && v.size === size);
  return (
    <section className={styles.section} aria-label={t('mobile.finished.addToCart')}>
      <h3>{t('mobile.colors')}</h3>
      <Selector
        columns={3}
        options={colours.map((c) => ({ label: c, value: c }))}
        value={pickedColour ? [pickedColour] : []}
        onChange={(v) => {
          if (v[0]) setColour(v[0]);
          setSize(undefined);
        }}
      />
      <h3>{t('mobile.sizes')}</h3>
      <Selector
        columns={4}
        options={sizes.map((s) => ({ label: s, value: s }))}
        value={size ? [size] : []}
        onChange={(v) => setSize(v[0])}
      />
      <div className={styles.buy}>
        <span className={styles.price}>{variant ? yuan(variant.price) : ''}</span>
        <Quantity value={num} onChange={setNum} label={t('mobile.finished.quantity')} />
      </div>
      <Button
        block
        color="primary"
        size="large"
        loading={add.isPending}
        onClick={() => {
          if (!variant) {
            Toast.show({ content: t('mobile.finished.pickVariant') });
            return;
          }
          add.mutate({ id: variant.id, num }, { onSuccess: () => Toast.show({ icon: 'success', content: m('addedSuccessfully') }) });
        }}
      >
        {t('mobile.finished.addToCart')}
      </Button>
    </section>
  );
}

/** The remark, saved when the seller says so (up to 500 characters, as on the desktop). */
function Remark({ row }: { row: FinishedRow }) {
  const { t } = useI18n();
  const save = useAddRemark();
  const [text, setText] = useState(row.remark);
  return (
    <section className={styles.section}>
      <h3>
        <label htmlFor="finished-remark">{t('mobile.finished.remark')}</label>
      </h3>
      <TextArea
        id="finished-remark"
        value={text}
        onChange={setText}
        maxLength={REMARK_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={t('mobile.finished.remarkPh')}
      />
      <Button
        block
        fill="outline"
        loading={save.isPending}
        disabled={text === row.remark}
        onClick={() =>
          save.mutate(
            { id: row.id, remark: text },
            { onSuccess: () => Toast.show({ icon: 'success', content: t('mobile.finished.remarkSaved') }) },
          )
        }
      >
        {t('mobile.finished.saveRemark')}
      </Button>
    </section>
  );
}
