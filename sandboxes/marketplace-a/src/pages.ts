import { CATEGORIES, categoryById, SKU_PROPERTIES } from './catalog.js';
import type { StoredProduct } from './state.js';

/** The sandbox's pages for a human: the index and a created product (docs/marketplace-a.md#pages). */

export function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:24px auto;max-width:980px;color:#222}
h1{font-size:22px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:6px 8px;text-align:left;font-size:14px}
th{background:#f5f5f5}.imgs img{width:160px;height:160px;object-fit:cover;border:1px solid #ddd;margin:0 8px 8px 0}
.sku-img{width:40px;height:40px;object-fit:cover;vertical-align:middle}.muted{color:#777;font-size:13px}code{background:#f3f3f3;padding:1px 4px}`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** `buy` is the buy form (buyForm.ts), below the SKUs. */
export function productPage(p: StoredProduct, shopName: string, buy = ''): string {
  const cat = categoryById(p.categoryId);
  const attrText = (s: StoredProduct['skus'][number]) =>
    s.attributes
      .map(
        (a) =>
          `${esc(SKU_PROPERTIES[a.sku_attribute_name_id] ?? a.sku_attribute_name_id)}: ${esc(a.sku_attribute_value ?? a.sku_attribute_value_id)}`,
      )
      .join(', ');
  const rows = p.skus
    .map((s) => {
      const img = s.attributes.find((a) => a.sku_image_url)?.sku_image_url;
      return `<tr><td>${esc(s.id)}</td><td>${esc(s.sku_code)}</td><td>${attrText(s)}</td><td>${img ? `<img class="sku-img" src="${esc(img)}" alt="">` : ''}</td><td>${s.discount_price !== undefined ? `<s>${s.price.toFixed(2)}</s>` : s.price.toFixed(2)}</td><td>${s.discount_price !== undefined ? s.discount_price.toFixed(2) : ''}</td><td>${s.inventory}</td></tr>`;
    })
    .join('');
  return page(
    p.subject,
    `<p class="muted">AliExpress sandbox · shop ${esc(shopName)} · product ${esc(p.productId)} · <span id="status">${esc(p.status)}</span></p>
<h1>${esc(p.subject)}</h1>
<p class="muted">Category ${esc(p.categoryId)} ${esc(cat?.name ?? '')} · weight ${p.weight} kg · package ${p.packageSize.map(String).join(' × ')} cm · ${p.deliveryTime !== undefined ? `delivery time ${p.deliveryTime} days · ` : ''}freight template ${esc(p.freightTemplateId)} · service policy ${esc(p.servicePolicyId)}${p.brandName ? ` · brand ${esc(p.brandName)}` : ''}</p>
<div class="imgs">${p.images.map((u) => `<img src="${esc(u)}" alt="">`).join('')}</div>
<h2>SKUs (${p.skus.length})</h2>
<table><thead><tr><th>SKU id</th><th>sku_code</th><th>Attributes</th><th>Image</th><th>Price (USD)</th><th>Discount price</th><th>Inventory</th></tr></thead><tbody>${rows}</tbody></table>
${buy}
<h2>Description</h2><div class="muted">${esc(
      p.description
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )}</div>`,
  );
}

export function indexPage(
  shops: { id: number; name: string; appKey: string; products: number; orders: number }[],
  products: StoredProduct[],
): string {
  // Each root followed by its children.
  const ordered = CATEGORIES.filter((c) => c.parent === null).flatMap((r) => [r, ...CATEGORIES.filter((c) => c.parent === r.id)]);
  const cats = ordered
    .map(
      (c) =>
        `<tr><td>${c.id}</td><td>${esc(c.name)}</td><td>${c.parent ?? ''}</td><td>${CATEGORIES.some((x) => x.parent === c.id) ? '' : 'leaf'}</td></tr>`,
    )
    .join('');
  const shopRows = shops
    .map(
      (s) =>
        `<tr><td>${s.id}</td><td>${esc(s.name)}</td><td>${esc(s.appKey)}</td><td>${s.products}</td><td><a href="/sandbox/orders?app_key=${esc(s.appKey)}">${s.orders}</a></td></tr>`,
    )
    .join('');
  const productRows = products
    .slice(-50)
    .reverse()
    .map(
      (p) =>
        `<tr><td><a href="/sandbox/products/${esc(p.productId)}">${esc(p.productId)}</a></td><td>${esc(p.subject)}</td><td>${p.skus.length}</td></tr>`,
    )
    .join('');
  return page(
    'AliExpress sandbox',
    `<h1>AliExpress open-platform sandbox (marketplace A)</h1>
<p>The gateway is <code>POST /sync?method=…</code> (signed, see docs/marketplace-a.md); token refresh is <code>POST /rest/auth/token/refresh</code>. Developer calls (unsigned): <code>POST /sandbox/shops</code>, <code>POST /sandbox/shops/:app_key/expire</code>, <code>POST /sandbox/shops/:app_key/revoke-refresh-tokens</code>, <code>POST /sandbox/rate</code>, <code>GET /sandbox/products</code>, <code>GET /sandbox/products/count</code>, <code>GET /sandbox/categories</code>, <code>POST /sandbox/orders</code>, <code>POST /sandbox/orders/:order_id/cancel</code>, <a href="/sandbox/orders"><code>GET /sandbox/orders</code></a> (buy from a product's page).</p>
<h2>Shops</h2><table><thead><tr><th>id</th><th>name</th><th>app_key</th><th>products</th><th>orders</th></tr></thead><tbody>${shopRows}</tbody></table>
<h2>Latest products</h2><table><thead><tr><th>product_id</th><th>subject</th><th>SKUs</th></tr></thead><tbody>${productRows}</tbody></table>
<h2>Categories</h2><table><thead><tr><th>id</th><th>name</th><th>parent</th><th></th></tr></thead><tbody>${cats}</tbody></table>`,
  );
}
