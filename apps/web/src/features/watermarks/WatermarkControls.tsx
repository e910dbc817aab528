import { useEffect, useMemo } from 'react';
import { Button, Flex, InputNumber, Slider, Spin } from 'antd';
import { useI18n } from '../../app/i18n';
import { POSITIONS, positionKey } from './positions';

/** The preview JPEG, shown through an object URL that is let go when the next one arrives. */
export function PreviewImage({ blob, loading }: { blob: Blob | undefined; loading: boolean }) {
  const { t } = useI18n();
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return (
    <Spin spinning={loading} delay={200}>
      <div style={{ aspectRatio: '1 / 1', background: '#f0f2f5', borderRadius: 6, overflow: 'hidden' }}>
        {url && (
          <img src={url} alt={t('wm.previewAlt')} data-testid="wm-preview" style={{ display: 'block', width: '100%', height: '100%' }} />
        )}
      </div>
    </Spin>
  );
}

/** The 3×3 anchor picker (1 top-left … 9 bottom-right). */
export function PositionPicker({ value, onChange }: { value?: number; onChange?: (p: number) => void }) {
  const { t } = useI18n();
  return (
    <div role="radiogroup" aria-label={t('wm.field.position')} style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 44px)', gap: 6 }}>
      {POSITIONS.map((p) => (
        <Button
          key={p}
          role="radio"
          aria-checked={value === p}
          aria-label={t(positionKey(p))}
          title={t(positionKey(p))}
          type={value === p ? 'primary' : 'default'}
          onClick={() => onChange?.(p)}
          style={{ width: 44, height: 32, padding: 0 }}
        >
          <span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: 'currentColor' }} />
        </Button>
      ))}
    </div>
  );
}

/** A slider with its number box, for one form field. */
export function SliderField(props: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  min: number;
  max: number;
  /** The number box may go further than the slider (margins up to 1000 px). */
  inputMax?: number;
  suffix: string;
  label: string;
}) {
  const { value, onChange, min, max, inputMax, suffix, label } = props;
  return (
    <Flex gap={12} align="center">
      <Slider
        style={{ flex: 1 }}
        min={min}
        max={max}
        value={typeof value === 'number' ? Math.min(value, max) : min}
        onChange={(v: number) => onChange?.(v)}
        aria-label={label}
      />
      <InputNumber
        min={min}
        max={inputMax ?? max}
        precision={0}
        value={value}
        onChange={(v) => onChange?.(typeof v === 'number' ? v : null)}
        suffix={suffix}
        style={{ width: 96 }}
        aria-label={`${label} (${suffix})`}
      />
    </Flex>
  );
}
