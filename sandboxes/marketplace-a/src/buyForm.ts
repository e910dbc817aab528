import type { Buyer } from './buyers.js';
import type { StoredOrder } from './orderModel.js';
import { money, orderCents } from './orders.js';
import { esc, page } from './pages.js';
import type { StoredProduct } from './state.js';

/**
 * The product page's buy form (docs/marketplace-a.md#buyers): a SKU, a quantity and a buyer already filled in
 * from the sandbox's list (buyers.ts), posted without JavaScript to `POST /sandbox/products/:id/buy`.
 */

/** The buyer fields the form posts, as receipt_address and buyer_info name them. */
export const BUYER_FIELDS = [
  'first_name',
  'last_name',
  'country',
  'province',
  'city',
  'address',
  'address2',
  'zip',
  'phone_country',
  'mobile_no',
] as const;

export function buyForm(p: StoredProduct, buyer: Buyer): string {
  const options = p.skus
    .map((s) => {
      const price = (s.discount_price ?? s.price).toFixed(2);
      return `<option value="${esc(s.sku_code)}">${esc(s.sku_code)} · ${price} USD · ${s.inventory} left</option>`;
    })
    .join('');
  const values: Record<(typeof BUYER_FIELDS)[number], string> = {
    first_name: buyer.first_name,
    last_name: buyer.last_name,
    ...buyer.address,
  };
  const inputs = BUYER_FIELDS.map(
    (f) => `<label>${f} <input name="${f}" value="${esc(values[f])}"${f === 'address2' ? '' : ' required'}></label>`,
  ).join(' ');
  return `<h2>Buy (as a buyer)</h2>
<form method="post" action="/sandbox/products/${esc(p.productId)}/buy">
<p><label>SKU <select name="sku_code">${options}</select></label> <label>Quantity <input name="quantity" type="number" min="1" value="1" required></label></p>
<p class="muted">${inputs}</p>
<p><button type="submit">Place a paid order</button></p>
</form>`;
}

export function orderPlacedPage(o: StoredOrder): string {
  const l = o.lines[0]!;
  return page(
    `Order ${o.orderId}`,
    `<p class="muted">AliExpress sandbox · order placed</p>
<h1>Order <span id="order-id">${esc(o.orderId)}</span></h1>
<p>${esc(o.status)} · ${esc(l.skuCode)} × ${l.quantity} · ${money(orderCents(o))} USD · ship to ${esc(o.buyer.address.contact_person)}, ${esc(o.buyer.address.city)} (${esc(o.buyer.country)})</p>
<p><a href="/sandbox/products/${esc(l.productId)}">Back to the product</a> · <a href="/sandbox/orders">Orders (JSON)</a></p>`,
  );
}
