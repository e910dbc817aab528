/** The sandbox's pages for a human: the index and a created product (docs/marketplace-b.md#developer-endpoints). */

export const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#161823;max-width:1100px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
table{border-collapse:collapse;margin-top:8px}td,th{border:1px solid #ddd;padding:4px 10px;text-align:left;font-size:14px}
th{background:#f6f6f7}.imgs img{height:140px;margin:0 8px 8px 0;border:1px solid #eee}
.sku img{height:40px}.muted{color:#777;font-size:13px}.tag{background:#fe2c55;color:#fff;border-radius:4px;padding:1px 6px;font-size:12px}
.desc{border:1px solid #eee;padding:8px 12px;margin-top:8px}.desc img{max-width:300px}
.buy{display:flex;gap:12px;flex-wrap:wrap;align-items:end;margin:12px 0}.buy label{display:flex;flex-direction:column;font-size:13px}
.placed{background:#e8f7ee;border:1px solid #b7e4c7;padding:6px 10px}
</style></head><body>${body}</body></html>`;

/**
 * The description as the marketplace shows it: only its allowed tags (p img ul ol li br strong b i em u),
 * without attributes except an image's http(s) src; everything else stays escaped text.
 */
function descriptionHtml(html: string): string {
  return esc(html)
    .replace(/&lt;(\/?)(p|ul|ol|li|br|strong|b|i|em|u)\s*\/?&gt;/gi, (_m, close: string, tag: string) => `<${close}${tag.toLowerCase()}>`)
    .replace(/&lt;img\s+src=&quot;(https?:\/\/[^&\s]+)&quot;\s*\/?&gt;/gi, (_m, src: string) => `<img src="${src}" alt="">`);
}

export interface PageProduct {
  product_id: string;
  shop_name: string;
  title: string;
  description: string;
  category: string;
  status: string;
  create_time: number;
  images: string[];
  skus: {
    id: string;
    seller_sku: string;
    attributes: string;
    img: string;
    price: string;
    /** The crossed-out price, '' when none. */
    list_price: string;
    quantity: number;
    /** Made to order: its type and days, '' when in stock. */
    handling: string;
  }[];
  warnings: string[];
  /** The buyer's part (orderPages.ts): the order just placed and the buy form, as HTML. */
  buy: string;
}

export function productPage(p: PageProduct): string {
  const rows = p.skus
    .map(
      (s) =>
        `<tr class="sku"><td>${esc(s.id)}</td><td>${esc(s.seller_sku)}</td><td>${esc(s.attributes)}</td>` +
        `<td>${s.img ? `<img src="${esc(s.img)}" alt="">` : ''}</td><td>${s.list_price ? `<s>${esc(s.list_price)}</s> ` : ''}${esc(s.price)}</td><td>${s.quantity}</td><td>${esc(s.handling)}</td></tr>`,
    )
    .join('');
  return layout(
    p.title,
    `<p class="muted"><a href="/">Marketplace B sandbox</a> · TikTok Shop (sandbox) · shop ${esc(p.shop_name)}</p>
<h1>${esc(p.title)} <span class="tag">${esc(p.status)}</span></h1>
${p.buy}
<p class="muted">product_id ${esc(p.product_id)} · category ${esc(p.category)} · created ${new Date(p.create_time * 1000).toISOString()}</p>
<div class="imgs">${p.images.map((u) => `<img src="${esc(u)}" alt="">`).join('')}</div>
<h2>SKUs (${p.skus.length})</h2>
<table><tr><th>SKU id</th><th>seller_sku</th><th>sales attributes</th><th>image</th><th>price</th><th>inventory</th><th>handling</th></tr>${rows}</table>
${p.warnings.length ? `<h2>Warnings</h2><ul>${p.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : ''}
<h2>Description</h2><div class="desc">${descriptionHtml(p.description)}</div>`,
  );
}

export function indexPage(
  shops: { id: string; name: string; products: number; rate: number; quota: number }[],
  products: { product_id: string; title: string; shop_name: string; skus: number }[],
  /** The latest orders (orderPages.ts), as HTML. */
  orders: string,
): string {
  return layout(
    'Marketplace B sandbox',
    `<h1>Marketplace B sandbox (TikTok Shop Partner API 202309)</h1>
<p class="muted">Developer endpoints and codes: docs/marketplace-b.md. State is in memory.</p>
<h2>Shops (${shops.length})</h2>
<table><tr><th>shop id</th><th>name</th><th>products</th><th>requests/s</th><th>daily quota</th></tr>
${shops.map((s) => `<tr><td>${esc(s.id)}</td><td>${esc(s.name)}</td><td>${s.products}</td><td>${s.rate}</td><td>${s.quota}</td></tr>`).join('')}</table>
<h2>Products (${products.length})</h2>
<table><tr><th>product_id</th><th>title</th><th>shop</th><th>SKUs</th></tr>
${products
  .map(
    (p) =>
      `<tr><td><a href="/sandbox/products/${esc(p.product_id)}">${esc(p.product_id)}</a></td><td>${esc(p.title)}</td><td>${esc(p.shop_name)}</td><td>${p.skus}</td></tr>`,
  )
  .join('')}</table>
${orders}`,
  );
}
