import { LIST_THUMB_HEIGHT } from './constants.js';

/** Where the server serves stored files, and resized copies of its images. */
export const FILES_PATH = '/files/';
export const THUMBS_PATH = '/thumbs/h/';
/** The heights a thumbnail may be asked at (the list's 100 px, docs/limits.md#the-list; 200 px for sharp screens). */
export const THUMB_HEIGHTS = [100, 200, 400] as const;

/**
 * The thumbnail of an image URL (docs/finished.md#the-list: the list shows images 100 px high): a stored image is
 * served resized by the server; any other address is left as it is.
 */
export function thumbUrl(url: string, height: (typeof THUMB_HEIGHTS)[number] = LIST_THUMB_HEIGHT): string {
  if (!url.startsWith(FILES_PATH)) return url;
  return `${THUMBS_PATH}${height}/${url.slice(FILES_PATH.length)}`;
}
