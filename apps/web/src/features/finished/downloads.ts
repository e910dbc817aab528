/**
 * Download addresses, opened in a new window (SPEC §7.5). The session cookie goes along (same origin),
 * so the address carries no token.
 */
export const bulkDownloadUrl = (ids: number[]) => `/api/finished/mutiDownload?ids=${ids.join(',')}`;
export const materialDownloadUrl = (id: number, type: 'cut' | 'original') => `/api/finished/materialDownload?id=${id}&type=${type}`;
