import type { APIRequestContext } from 'playwright-core';
import { routes } from '@app/contract';
import { api } from './api';

/** How many finished products the session's account reaches (the list's exact total). */
export async function finishedCount(request: APIRequestContext): Promise<number> {
  return (await api(request, routes.finishedList, { query: { pageSize: 10 } })).count;
}

export interface Variant {
  key_id: string;
  sku_id: number;
  color: string;
  size: string;
  /** Mockup URLs of this colour × size. */
  img_urls: string[];
}

/** Every colour × size variant of a finished product with its images, as the edit drawer's detail shows them. */
export async function finishedVariants(request: APIRequestContext, finishedId: number): Promise<Variant[]> {
  const detail = await api(request, routes.finishedDetail, { query: { id: finishedId } });
  return detail.child_info.flatMap((c) =>
    c.attrs.map((a) => ({ key_id: a.key_id, sku_id: a.sku_id, color: a.color, size: a.size, img_urls: a.img_urls })),
  );
}
