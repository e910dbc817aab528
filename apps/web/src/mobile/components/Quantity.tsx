import { useState } from 'react';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useI18n } from '../../app/i18n';
import styles from './Quantity.module.css';

/**
 * A quantity of at least 1 with − and + (44 px targets) and the number typed. antd-mobile's Stepper leaves its input
 * without a name a screen reader can say; this one names each part. A typed value counts when the field is left.
 */
export function Quantity(props: { value: number; onChange: (n: number) => void; label: string; max?: number; disabled?: boolean }) {
  const { value, onChange, label, max = 100_000, disabled } = props;
  const { t } = useI18n();
  const [text, setText] = useState(String(value));
  // A value changed from outside (−, +, the server's answer) replaces what is typed, during render (React's way).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const commit = () => {
    const n = Number(text);
    if (Number.isInteger(n) && n >= 1) onChange(Math.min(n, max));
    else setText(String(value));
  };
  return (
    <span className={styles.quantity} role="group" aria-label={label}>
      <button type="button" aria-label={t('mobile.decrease')} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        <MinusOutline aria-hidden />
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={label}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value.replace(/\D/g, ''))}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <button type="button" aria-label={t('mobile.increase')} disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
        <AddOutline aria-hidden />
      </button>
    </span>
  );
}
