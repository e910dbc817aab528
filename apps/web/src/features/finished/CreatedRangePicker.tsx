import { DatePicker, type TimeRangePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_PRESET_DAYS } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { DAYS_FORMAT, RANGE_FORMAT, type CreatedRangeValue } from './rangeFormat';

/** The times a picked day starts and ends at (docs/finished.md#the-list: 00:00:00 and 23:59:59). */
const DAY_TIMES: [Dayjs, Dayjs] = [dayjs().startOf('day'), dayjs().endOf('day')];

/**
 * The creation range's picker (presets 7/30/90 days, to the second), loaded when the seller first opens the field
 * (CreatedRange.tsx). It opens at once, focused, as the click that loaded it asked.
 */
export function CreatedRangePicker(props: {
  id?: string;
  value: CreatedRangeValue | undefined;
  onChange: ((value: CreatedRangeValue) => void) | undefined;
  width: number;
  /** Whole days only: no time to pick (the caller takes each day from its start to its end). */
  days?: boolean;
}) {
  const { t } = useI18n();
  const presets: TimeRangePickerProps['presets'] = DATE_PRESET_DAYS.map((days) => ({
    label: t(`finished.preset.${days}` as 'finished.preset.7'),
    value: [
      dayjs()
        .subtract(days - 1, 'day')
        .startOf('day'),
      dayjs().endOf('day'),
    ],
  }));
  return (
    <DatePicker.RangePicker
      id={props.id}
      value={props.value}
      onChange={(value) => props.onChange?.(value)}
      allowEmpty={[true, true]}
      presets={presets}
      showTime={props.days ? undefined : { defaultValue: DAY_TIMES }}
      format={props.days ? DAYS_FORMAT : RANGE_FORMAT}
      style={{ width: props.width, maxWidth: '100%' }}
      defaultOpen
      autoFocus
    />
  );
}
