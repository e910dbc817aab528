import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { routes, type ProductDetail } from '@app/contract';
import { api } from './api';
import { repoRoot } from './server';

/**
 * Generates one of the demo blanks small (400 px pictures) and imports it with the catalogue CLI into a server's
 * DATA_DIR (the e2e server's: `inject('dataDir')`). Once per data directory: the e2e files share one server, and
 * a marker tells the next file it is there already.
 */
function importDemoBlank(dataDir: string, only: 'tshirt' | 'jersey'): void {
  const marker = path.join(dataDir, `e2e-demo-${only}.imported`);
  if (existsSync(marker)) return;
  const catalogueDir = mkdtempSync(path.join(os.tmpdir(), `pod-e2e-${only}-`));
  try {
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const tsx = (script: string, ...args: string[]) =>
      execFileSync('npx', ['tsx', script, ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    tsx('apps/server/src/demo/catalogue/cli.ts', catalogueDir, '--only', only, '--size', '400');
    tsx('apps/server/src/modules/catalogue/cli.ts', catalogueDir);
  } finally {
    rmSync(catalogueDir, { recursive: true, force: true });
  }
  writeFileSync(marker, '');
}

/** The demo T-shirt: front and back design areas, 8 colours × 5 sizes; tag 热销 (2), level 0, in T恤. */
export const importDemoTshirt = (dataDir: string) => importDemoBlank(dataDir, 'tshirt');

/** The demo jersey: tag 新品 (0), level 1 (above a new account's), in 运动服. */
export const importDemoJersey = (dataDir: string) => importDemoBlank(dataDir, 'jersey');

/** The imported T-shirt as the product detail call shows it, and the SKU the editor is opened on (its first). */
export async function demoTshirt(request: APIRequestContext): Promise<{ product: ProductDetail; productId: number; attrId: number }> {
  const { product_list } = await api(request, routes.productList, { query: { pageNumber: 1, pageSize: 20 } });
  const item = product_list.find((p) => p.name === '经典纯棉圆领T恤');
  if (!item) throw new Error(`the demo T-shirt is not in the catalogue: ${product_list.map((p) => p.name).join(', ')}`);
  const product = await api(request, routes.productDetail, { query: { product_id: item.id } });
  return { product, productId: product.id, attrId: product.attr_list[0]!.id };
}
