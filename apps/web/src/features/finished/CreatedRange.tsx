import { Suspense, useState } from 'react';
import { CalendarOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useI18n } from '../../app/i18n';
import { onDemand } from '../../app/onDemand';
import { RANGE_FORMAT, type CreatedRangeValue } from './rangeFormat';

const CreatedRangePicker = onDemand(async () => (await import('./CreatedRangePicker')).CreatedRangePicker);
const WIDTH = 340;

/**
 * The search form's creation range. The date picker (~30 KB of the list's first download) loads when the seller first
 * opens the field (docs/web.md#where-the-bytes-go); until then the field shows the range as text in the picker's
 * place and size, and a click or focus on it loads the picker, open.
 */
export function CreatedRange({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: CreatedRangeValue;
  onChange?: (value: CreatedRangeValue) => void;
}) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(false);
  const [from, to] = value ?? [null, null];
  const text = from || to ? `${from?.format(RANGE_FORMAT) ?? ''} ~ ${to?.format(RANGE_FORMAT) ?? ''}` : '';
  const placeholder = (
    <Input
      id={id}
      readOnly
      value={text}
      placeholder={`${t('finished.f.rangeStart')} ~ ${t('finished.f.rangeEnd')}`}
      suffix={<CalendarOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />}
      style={{ width: WIDTH }}
      onFocus={() => setOpened(true)}
      onMouseDown={() => setOpened(true)}
    />
  );
  if (!opened) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CreatedRangePicker id={id} value={value} onChange={onChange} width={WIDTH} />
    </Suspense>
  );
}
