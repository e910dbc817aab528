import { FILES_URL_PREFIX } from '../storage/localStorage.js';

/**
 * The blob key behind an image URL of a design layer. Only our own files are read: a design naming any
 * other URL is refused (no fetching of arbitrary addresses from the server).
 */
export function blobKeyOfUrl(url: string): string | undefined {
  const path = url.startsWith('http://') || url.startsWith('https://') ? safePath(url) : url;
  if (!path?.startsWith(FILES_URL_PREFIX)) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(path.slice(FILES_URL_PREFIX.length).split('?')[0] ?? '');
  } catch {
    return undefined; // a malformed %-escape names no file of ours
  }
  return key && !key.split('/').includes('..') ? key : undefined;
}

/** Absolute URLs of our own image domains arrive in saved designs; only their path counts. */
function safePath(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}
