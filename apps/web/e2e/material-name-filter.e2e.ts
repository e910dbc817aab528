import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { routes, type MaterialItem } from '@app/contract';
import { frontDesign } from '@app/design/fixtures';
import { api } from './api';
import { rowKeys } from './finishedApi';
import { demoTshirt } from './catalogue';
import { logIn, useBrowser } from './harness';

/**
 * "Find it again" (docs/finished.md#material-names): a finished product made from a library material carries the material's name,
 * so the 素材图名称 filter of /finished finds it (before, every product showed "--" and the filter found none).
 */

const run = useBrowser('material-name-filter');

/** A 200×200 picture to upload as the library material. */
const artPng = () =>
  sharp(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="90" fill="#2563eb"/></svg>'),
  )
    .png()
    .toBuffer();

describe('material-name filter', () => {
  test('finds a product made from a library material by part of the material’s name', async () => {
    const s = await run.session();
    const { page, shot } = s;
    await logIn(page, 'demo');
    const { productId, attrId } = await demoTshirt(page.request);
    // Unique per run: the e2e server may be reused, and the filter must find this run's product alone.
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `极光鲸鱼${stamp}`;
    const part = `光鲸鱼${stamp}`;
    const material: MaterialItem = await api(page.request, routes.materialUpload, {
      multipart: { file: { name: 'aurora.png', mimeType: 'image/png', buffer: await artPng() }, fid: '0', name },
    });
    // One product from the material (as the editor saves it: the layer names its material), one without.
    const withMaterial = await api(page.request, routes.synthesisCreate, {
      body: {
        product_id: productId,
        attr_id: attrId,
        extends: frontDesign(material.thumb1200, 'NO.9', material.id),
        source_ids: String(material.id),
      },
    });
    const without = await api(page.request, routes.synthesisCreate, {
      body: { product_id: productId, attr_id: attrId, extends: frontDesign(material.thumb1200, 'NO.10') },
    });

    await page.goto('/finished');
    await expect.poll(() => rowKeys(page)).toEqual(expect.arrayContaining([withMaterial.key_id, without.key_id]));
    const box = page.getByRole('textbox', { name: /^素材图名称/ });
    await box.fill(part);
    await box.press('Enter');
    await expect.poll(() => rowKeys(page)).toEqual([withMaterial.key_id]);
    expect(new URL(page.url()).searchParams.get('material_img_name')).toBe(part);
    const row = page.locator('.finished-table tr.plain-table-row', { hasText: withMaterial.key_id });
    await expect(row.getByText(name).isVisible()).resolves.toBe(true);
    await expect(page.getByText('共 1 条').isVisible()).resolves.toBe(true);
    await shot('01-found-by-material-name');
  }, 120_000);
});
