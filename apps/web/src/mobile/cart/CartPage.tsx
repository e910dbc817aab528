import { useState } from 'react';
import { Link } from '../shell/router';
import { Button, Checkbox, Dialog, SwipeAction } from 'antd-mobile';
import { CART_CHECKOUT_MAX, CART_PAGE_SIZES, cartLineTotal, cartTotal, type CartItem } from '@app/contract';
import { useCartList, useRemoveFromCart, useSetCartQuantity } from '../../api';
import { useI18n } from '../../app/i18n';
import { PhoneEmpty, PhoneFailed, PhoneLoading } from '../components/PhoneStates';
import { Quantity } from '../components/Quantity';
import { CheckoutSheet } from './CheckoutSheet';
import styles from './CartPage.module.css';
import { yuan } from '../components/yuan';

/** The lines a phone shows at once: the cart's largest page; a longer cart says the rest are on the desktop cart. */
const CART_PHONE_LINES = CART_PAGE_SIZES.at(-1)!;

/**
 * /mobile-shopping-cart (docs/mobile.md#cart-and-orders-on-the-phone): the cart's lines with their quantities, a swipe
 * to remove one, the chosen lines' total and 去结算, which opens the checkout sheet.
 */
export function CartPage() {
  const [checkingOut, setCheckingOut] = useState<readonly CartItem[]>();
  // The sheet keeps its place in the tree whatever the cart shows: placing the order empties the cart, and the sheet
  // (with the placed order to pay) stays.
  return (
    <>
      <CartLines onCheckout={setCheckingOut} />
      {checkingOut && <CheckoutSheet lines={checkingOut} onClose={() => setCheckingOut(undefined)} />}
    </>
  );
}

function CartLines({ onCheckout }: { onCheckout: (lines: readonly CartItem[]) => void }) {
  const { t } = useI18n();
  const cart = useCartList({ pageNumber: 1, pageSize: CART_PHONE_LINES });
  const [unchosen, setUnchosen] = useState<ReadonlySet<number>>(new Set());
  if (cart.isPending) return <PhoneLoading />;
  if (cart.isError) return <PhoneFailed error={cart.error} retry={() => void cart.refetch()} />;
  const lines = cart.data.list;
  if (lines.length === 0)
    return (
      <div className={styles.page}>
        <h1 className={styles.heading}>{t('mobile.nav.cart')}</h1>
        <PhoneEmpty>{t('mobile.cart.empty')}</PhoneEmpty>
        <Link to="/mobile-finished" className={styles.browse}>
          {t('mobile.cart.toFinished')}
        </Link>
      </div>
    );
  // Every line that can be ordered is chosen until the seller unticks it.
  const chosen = lines.filter((l) => l.available && !unchosen.has(l.id));
  const allChosen = chosen.length === lines.filter((l) => l.available).length;
  const toggle = (id: number, on: boolean) =>
    setUnchosen((s) => {
      const next = new Set(s);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('mobile.nav.cart')}</h1>
      {cart.data.count > lines.length && <p className={styles.note}>{`${lines.length} / ${cart.data.count}`}</p>}
      <ul className={styles.list}>
        {lines.map((line) => (
          <CartLine key={line.id} line={line} chosen={chosen.some((c) => c.id === line.id)} onChoose={(on) => toggle(line.id, on)} />
        ))}
      </ul>
      <div className={styles.bar}>
        <Checkbox checked={allChosen} onChange={(on) => setUnchosen(on ? new Set() : new Set(lines.map((l) => l.id)))}>
          {t('mobile.cart.selectAll')}
        </Checkbox>
        <span className={styles.total} data-testid="phone-cart-total">
          {t('mobile.cart.total', { total: cartTotal(chosen) })}
        </span>
        <Button
          color="primary"
          disabled={chosen.length === 0 || chosen.length > CART_CHECKOUT_MAX}
          onClick={() => onCheckout(chosen)}
          aria-describedby={chosen.length > CART_CHECKOUT_MAX ? 'cart-too-many' : undefined}
        >
          {t('mobile.cart.checkout', { count: chosen.length })}
        </Button>
      </div>
      {chosen.length > CART_CHECKOUT_MAX && (
        <p id="cart-too-many" className={styles.note}>
          {t('mobile.cart.tooMany', { max: CART_CHECKOUT_MAX })}
        </p>
      )}
    </div>
  );
}

function CartLine({ line, chosen, onChoose }: { line: CartItem; chosen: boolean; onChoose: (on: boolean) => void }) {
  const { t } = useI18n();
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();
  const confirmRemove = async () => {
    if (
      await Dialog.confirm({
        content: t('mobile.cart.removeConfirm'),
        confirmText: t('mobile.cart.remove'),
        cancelText: t('mobile.cancel'),
      })
    )
      remove.mutate([line.id]);
  };
  return (
    <li className={styles.item}>
      <SwipeAction rightActions={[{ key: 'remove', text: t('mobile.cart.remove'), color: 'danger', onClick: () => void confirmRemove() }]}>
        <div className={styles.line}>
          <Checkbox
            checked={chosen}
            disabled={!line.available}
            onChange={onChoose}
            aria-label={`${line.product_name} ${line.color} / ${line.size}`}
            className={styles.check}
          />
          {line.img_urls[0] ? (
            <img src={line.img_urls[0]} alt="" width={72} height={72} className={styles.thumb} />
          ) : (
            <span className={styles.thumb} />
          )}
          <div className={styles.body}>
            <span className={styles.name}>{line.product_name}</span>
            <span className={styles.variant}>
              {line.color} / {line.size}
            </span>
            {!line.available && <span className={styles.gone}>{t('mobile.cart.unavailable')}</span>}
            <div className={styles.row}>
              <span className={styles.price}>{yuan(cartLineTotal(line))}</span>
              <Quantity
                value={line.num}
                disabled={!line.available}
                onChange={(num) => num !== line.num && setQuantity.mutate({ id: line.id, num })}
                label={t('mobile.finished.quantity')}
              />
            </div>
          </div>
          <Button
            fill="none"
            size="mini"
            className={styles.remove}
            onClick={() => void confirmRemove()}
            aria-label={`${t('mobile.cart.remove')} ${line.product_name}`}
          >
            {t('mobile.cart.remove')}
          </Button>
        </div>
      </SwipeAction>
    </li>
  );
}
