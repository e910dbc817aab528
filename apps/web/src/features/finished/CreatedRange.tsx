import { Suspense, useState } from 'react';
import { CalendarOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useI18n } from '../../app/i18n';
import { onDemand } from '../../app/onDemand';
import { DAYS_FORMAT, RANGE_FORMAT, type CreatedRangeValue } from './rangeFormat';

const CreatedRangePicker = onDemand(async () => (await import('./CreatedRangePicker')).CreatedRangePicker);
const WIDTH = 340;
/** A range of days, without the times, is narrower. */
const DAYS_WIDTH = 260;

/**
 * The search form's creation range. The date picker (~30 KB of the list's first download) loads when the seller first
 * opens the field (docs/web.md#where-the-bytes-go); until then the field shows the range as text in the picker's
 * place and size, and a click or focus on it loads the picker, open.
 */
export function CreatedRange({
  id,
  value,
  onChange,
  days = false,
}: {
  id?: string;
  value?: CreatedRangeValue;
  onChange?: (value: CreatedRangeValue) => void;
  /** Whole days only (the wallet's bills): the picker offers no times. */
  days?: boolean;
}) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(false);
  const [from, to] = value ?? [null, null];
  const format = days ? DAYS_FORMAT : RANGE_FORMAT;
  const width = days ? DAYS_WIDTH : WIDTH;
  const text = from || to ? `${from?.format(format) ?? ''} ~ ${to?.format(format) ?? ''}` : '';
  const placeholder = (
    <Input
      id={id}
      readOnly
      value={text}
      placeholder={`${t('finished.f.rangeStart')} ~ ${t('finished.f.rangeEnd')}`}
      suffix={<CalendarOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />}
      // Never wider than the form (the back office on a phone).
      style={{ width, maxWidth: '100%' }}
      onFocus={() => setOpened(true)}
      onMouseDown={() => setOpened(true)}
    />
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CreatedRangePicker id={id} value={value} onChange={onChange} width={width} days={days} />
    </Suspense>
  );
}
