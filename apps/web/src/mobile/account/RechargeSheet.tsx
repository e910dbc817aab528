import { useState } from 'react';
import { Button, Input, Popup } from 'antd-mobile';
import { rechargeAmount } from '@app/contract';
import { useStartRecharge } from '../../api';
import { useI18n } from '../../app/i18n';
import styles from './Account.module.css';

/**
 * A recharge from the phone (docs/orders.md#recharging): the amount checked as the server checks it, then the provider's
 * pay page in this tab, which sends the seller back to the personal centre to follow the recharge.
 */
export function RechargeSheet({ onClose }: { onClose: () => void }) {
  const { t, m } = useI18n();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const start = useStartRecharge('phone');
  const valid = rechargeAmount(amount);
  const error = touched && !valid ? m('rechargeAmountInvalid') : undefined;
  const submit = () => {
    setTouched(true);
    if (valid) start.mutate(valid, { onSuccess: (r) => window.location.assign(r.pay_url) });
  };
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <form
        className={styles.sheetContent}
        aria-label={t('mobile.me.rechargeTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 className={styles.sheetTitle}>{t('mobile.me.rechargeTitle')}</h2>
        <label htmlFor="recharge-amount" className={styles.label}>
          {t('mobile.me.amount')}
        </label>
        <Input
          id="recharge-amount"
          inputMode="decimal"
          value={amount}
          onChange={(v) => setAmount(v.trim())}
          onBlur={() => amount && setTouched(true)}
          className={styles.amount}
          aria-invalid={Boolean(error)}
          aria-describedby="recharge-hint"
        />
        <p id="recharge-hint" className={error ? styles.error : styles.muted} role={error ? 'alert' : undefined}>
          {error ?? t('mobile.me.amountHint')}
        </p>
        {/* Kept busy until the browser has left for the pay page. */}
        <Button block color="primary" size="large" type="submit" loading={start.isPending || start.isSuccess}>
          {t('mobile.me.toPay')}
        </Button>
      </form>
    </Popup>
  );
}
