import { useState } from 'react';
import { InputNumber } from 'antd';
import { CART_QUANTITY_MAX, type CartItem } from '@app/contract';
import { useSetCartQuantity } from '../../api';
import { useI18n } from '../../app/i18n';

/**
 * A line's quantity (1 to 100,000): saved when the field is left, on Enter or on a step of its arrows; an emptied
 * field goes back to 1 when left. The table shows the new quantity at once and goes back if the save fails (api/cart.ts).
 */
export function QuantityCell({ line, name }: { line: CartItem; name: string }) {
  const { t } = useI18n();
  const save = useSetCartQuantity();
  const [value, setValue] = useState<number | null>(line.num);
  // When the table's quantity changes (saved elsewhere, or rolled back after a refusal) the field shows it.
  const [shown, setShown] = useState(line.num);
  if (shown !== line.num) {
    setShown(line.num);
    setValue(line.num);
  }
  const commit = (next: number | null) => {
    const num = next === null || next < 1 ? 1 : Math.min(Math.floor(next), CART_QUANTITY_MAX);
    setValue(num);
    if (num !== line.num) save.mutate({ id: line.id, num });
  };
  return (
    <InputNumber
      min={1}
      max={CART_QUANTITY_MAX}
      precision={0}
      value={value}
      disabled={!line.available}
      onChange={setValue}
      onBlur={() => commit(value)}
      onPressEnter={() => commit(value)}
      onStep={(v) => commit(v)}
      aria-label={t('cart.quantityOf', { name })}
      style={{ width: 110 }}
    />
  );
}
