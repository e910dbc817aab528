import { BUYERS } from './buyers.js';
import { esc } from './pages.js';

/** The buyer's part of the pages (docs/marketplace-b.md#buyers): the buy form, the order placed, the orders. */

export interface BuyFormData {
  product_id: string;
  /** Only an ACTIVATE product is for sale. */
  for_sale: boolean;
  skus: { id: string; label: string }[];
  /** Whose turn it is among the fake buyers: the form's choice until the person picks another. */
  buyer: number;
  /** The order just placed (the form's redirect), '' when none. */
  ordered: string;
}

export function buyForm(f: BuyFormData): string {
  const placed = f.ordered
    ? `<p class="placed">Order <strong>${esc(f.ordered)}</strong> placed — <a href="/sandbox/orders/${esc(f.ordered)}">as the API answers it</a></p>`
    : '';
  if (!f.for_sale) return `${placed}<p class="muted">A draft is not for sale.</p>`;
  const option = (value: string | number, label: string, selected = false) =>
    `<option value="${esc(value)}"${selected ? ' selected' : ''}>${esc(label)}</option>`;
  return `${placed}<form class="buy" method="post" action="/sandbox/products/${esc(f.product_id)}/buy">
<label>SKU <select name="sku_id">${f.skus.map((s) => option(s.id, s.label)).join('')}</select></label>
<label>Quantity <input name="quantity" type="number" min="1" max="99" value="1"></label>
<label>Buyer <select name="buyer">${BUYERS.map((b, i) => option(i, `${b.name} · ${b.districts[3]}, ${b.region_code}`, i === f.buyer)).join('')}</select></label>
<label>Message <input name="buyer_message" maxlength="200"></label>
<button type="submit">Buy (paid)</button></form>`;
}

export interface OrderRow {
  order_id: string;
  shop_name: string;
  status: string;
  total: string;
  buyer: string;
  tracking_number: string;
  shipping_provider: string;
}

export function ordersTable(count: number, rows: OrderRow[]): string {
  const row = (o: OrderRow) =>
    `<tr><td><a href="/sandbox/orders/${esc(o.order_id)}">${esc(o.order_id)}</a></td><td>${esc(o.shop_name)}</td><td>${esc(o.status)}</td>` +
    `<td>${esc(o.total)}</td><td>${esc(o.buyer)}</td><td>${esc(o.tracking_number)}</td><td>${esc(o.shipping_provider)}</td></tr>`;
  return `<h2>Orders (${count}) <a class="muted" href="/sandbox/orders">all as JSON</a></h2>
<table><tr><th>order id</th><th>shop</th><th>status</th><th>total</th><th>buyer</th><th>tracking</th><th>provider</th></tr>
${rows.map(row).join('')}</table>`;
}
