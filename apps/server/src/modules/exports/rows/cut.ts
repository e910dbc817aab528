/**
 * A 'strip' banned word's cut (docs/exports.md#banned-words): every match range removed (overlaps merged), then
 * runs of whitespace collapsed to one space and the ends trimmed.
 */
export function cutRanges(text: string, ranges: { start: number; end: number }[]): string {
  let result = '';
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    if (r.start > at) result += text.slice(at, r.start);
    at = Math.max(at, r.end);
  }
  return (result + text.slice(at)).replace(/\s+/g, ' ').trim();
}
