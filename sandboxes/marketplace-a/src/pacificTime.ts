/**
 * AliExpress's order dates: `yyyy-MM-dd HH:mm:ss` in US Pacific time, both in answers (gmt_create, gmt_update, …) and
 * in the order list's filters (docs/marketplace-a.md#dates). Daylight saving follows America/Los_Angeles, so the
 * offset is -8 h in winter and -7 h in summer.
 */
const FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

// Intl is slow (tens of µs a call) and the offset only changes on a whole UTC hour: one look-up per hour seen.
const offsets = new Map<number, number>();

/** The Pacific offset at an instant, ms (negative). */
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p = Object.fromEntries(FORMAT.formatToParts(hour * 3_600_000).map((x) => [x.type, Number(x.value)]));
    offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - hour * 3_600_000;
    offsets.set(hour, offset);
  }
  return offset;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix ms → `2026-06-15 10:00:00` (Pacific). */
export function toPacific(ms: number): string {
  const d = new Date(ms + offsetAt(ms));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `yyyy-MM-dd HH:mm:ss` (Pacific) → unix ms, or undefined when it is not such a date. */
export function fromPacific(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  // Twice: the offset at the first guess may differ from the offset at the answer around a change of time.
  const guess = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(guess);
}
