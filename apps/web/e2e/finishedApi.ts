import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { routes, type DataOf } from '@app/contract';
import { textDesign } from '@app/design/fixtures';
import { api } from './api';
import { demoTshirt } from './catalogue';

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

export type Made = DataOf<typeof routes.synthesisCreate>;

/** Finished products of the demo T-shirt made through the API, one per text, waited for until their images are composed. */
export async function makeFinished(page: Page, texts: string[]): Promise<Made[]> {
  const { productId, attrId } = await demoTshirt(page.request);
  const made: Made[] = [];
  for (const text of texts)
    made.push(
      await api(page.request, routes.synthesisCreate, {
        body: { product_id: productId, attr_id: attrId, extends: textDesign(text, { id: 't1', width: 320, height: 56 }) },
      }),
    );
  await expect
    .poll(
      async () => {
        const list = await api(page.request, routes.finishedList, { query: { pageSize: 200 } });
        return made.every((m) => list.list.find((r) => r.id === m.id)?.status === 'ready');
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe(true);
  return made;
}

/** The finished table's rows by finished number, top first (as the list page shows them). */
export async function rowKeys(page: Page): Promise<string[]> {
  await page.locator('.finished-table tbody').waitFor();
  return page
    .locator('.finished-table tbody tr.plain-table-row')
    .evaluateAll((rows) => rows.map((r) => /FP\d+/.exec(r.textContent ?? '')?.[0] ?? ''));
}
