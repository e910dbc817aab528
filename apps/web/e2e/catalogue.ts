import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { routes, type ProductDetail } from '@app/contract';
import { api } from './api';
import { repoRoot } from './server';

/**
 * Generates the small demo T-shirt (front and back design areas, 8 colours × 5 sizes, 400 px pictures) and
 * imports it with the catalogue CLI into a server's DATA_DIR (the e2e server's: `inject('dataDir')`). Once per
 * data directory: the e2e files share one server, and a marker tells the next file it is there already.
 */
export function importDemoTshirt(dataDir: string): void {
  const marker = path.join(dataDir, 'e2e-demo-tshirt.imported');
  if (existsSync(marker)) return;
  const catalogueDir = mkdtempSync(path.join(os.tmpdir(), 'pod-e2e-catalogue-'));
  try {
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const tsx = (script: string, ...args: string[]) =>
      execFileSync('npx', ['tsx', script, ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    tsx('apps/server/src/demo/catalogue/cli.ts', catalogueDir, '--only', 'tshirt', '--size', '400');
    tsx('apps/server/src/modules/catalogue/cli.ts', catalogueDir);
  } finally {
    rmSync(catalogueDir, { recursive: true, force: true });
  }
  writeFileSync(marker, '');
}

/** The imported T-shirt as the product detail call shows it, and the SKU the editor is opened on (its first). */
export async function demoTshirt(request: APIRequestContext): Promise<{ product: ProductDetail; productId: number; attrId: number }> {
  const { product_list } = await api(request, routes.productList, { query: { pageNumber: 1, pageSize: 20 } });
  const item = product_list.find((p) => p.name === '经典纯棉圆领T恤');
  if (!item) throw new Error(`the demo T-shirt is not in the catalogue: ${product_list.map((p) => p.name).join(', ')}`);
  const product = await api(request, routes.productDetail, { query: { product_id: item.id } });
  return { product, productId: product.id, attrId: product.attr_list[0]!.id };
}
