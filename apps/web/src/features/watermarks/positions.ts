import type { StringKey } from '../../app/i18n';

/** The nine anchors in reading order (1 top-left … 9 bottom-right; docs/watermarks.md). */
export const POSITIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const positionKey = (p: number) => `wm.pos.${p}` as StringKey;
