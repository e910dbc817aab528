import { formatDateTime } from '../formatDateTime';

// Apart from ListCells (whose row actions bring antd's confirmation popover), so that a list showing only dates loads
// none of it (docs/web.md#where-the-bytes-go).

/** A time in a list's cell: YYYY-MM-DD HH:mm:ss, figures of one width, on one line. */
export const dateTimeCell = (epochSeconds: number) => (
  <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatDateTime(epochSeconds)}</span>
);

/** A time in a narrow list column: the day above the time of day. */
export function dateTimeTwoLinesCell(epochSeconds: number) {
  const [day, time] = formatDateTime(epochSeconds).split(' ');
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', fontSize: 13 }}>
      {day}
      <br />
      {time}
    </span>
  );
}
