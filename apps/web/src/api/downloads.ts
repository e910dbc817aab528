import { routes } from '@app/contract';

/*
 * Download addresses, opened in a new window (SPEC §7.5). The session cookie goes along (same origin),
 * so the address carries no token.
 */
export const bulkDownloadUrl = (ids: number[]) => `${routes.bulkDownload.path}?ids=${ids.join(',')}`;
export const materialDownloadUrl = (id: number, type: 'cut' | 'original') => `${routes.materialDownload.path}?id=${id}&type=${type}`;
