import type { CSSProperties } from 'react';
import { Input, InputNumber } from 'antd';

/**
 * The editable cells of a variant row, as the edit drawer and the batch edit page show them (docs/finished.md):
 * each named for a screen reader by its field and the variant's number.
 */
interface CellProps<V> {
  value: V;
  /** The field's label, as its column heads it. */
  label: string;
  keyId: string;
  onChange: (value: V) => void;
}

/** A variant's text field (export name, material, keyword, material colour). */
export function VariantTextCell({ value, label, keyId, onChange }: CellProps<string>) {
  return <Input size="small" value={value} aria-label={`${label} ${keyId}`} onChange={(e) => onChange(e.target.value)} />;
}

/** A variant's price: two decimals, not below 0; an emptied field is 0. */
export function VariantPriceCell({
  value,
  label,
  keyId,
  onChange,
  step,
  style,
}: CellProps<number> & { step?: number; style?: CSSProperties }) {
  return (
    <InputNumber
      size="small"
      min={0}
      precision={2}
      step={step}
      value={value}
      aria-label={`${label} ${keyId}`}
      onChange={(p) => onChange(p ?? 0)}
      style={style}
    />
  );
}
