import type { FastifyInstance, FastifyRequest } from 'fastify';
import { categoryById } from './categories.js';
import { BRANDS } from './catalogApi.js';
import { CODES } from './codes.js';
import { checkDescription, checkQuantity, checkSkuPrice, checkTitle, Refusal, type CheckedSku } from './create.js';
import { imageUrl, jsonBody, needObject, ok } from './http.js';
import type { Product, ProductStatus, SandboxState, Shop } from './state.js';

/** Activate, Deactivate and Delete take at most 20 product ids a call (TikTok's pages for the three calls). */
const IDS_PER_CALL = 20;
/** The Partial Edit fields the sandbox applies; any other is refused, so a client never believes it was stored. */
const EDITABLE = new Set(['title', 'description']);

const refuse = (code: number, message: string) => new Refusal(200, code, message);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Managing live products (docs/marketplace-b.md#managing-products): Get Product, Partial Edit, Update Price,
 * Update Inventory, Activate, Deactivate, Delete. Every call goes through the signed gate (counted by the rate).
 */
export function registerProductManagement(
  app: FastifyInstance,
  state: SandboxState,
  authenticate: (req: FastifyRequest, raw: Buffer | null) => Shop,
): void {
  /** The shop's product; another shop's is as unknown as a missing one (no id probing across shops). */
  const own = (shop: Shop, id: string): Product => {
    const p = state.products.get(id);
    if (!p || p.shopId !== shop.id) throw refuse(CODES.productNotFound, `product ${id} does not exist`);
    return p;
  };
  const editable = (p: Product): Product => {
    if (p.status === 'DELETED') throw refuse(CODES.productStatus, `product ${p.id} is DELETED and cannot be edited`);
    return p;
  };
  const productId = (req: FastifyRequest) => (req.params as { product_id: string }).product_id;
  /** A body's `skus`, each resolved to the product's SKU index by its `id`; an unknown id refuses the whole call. */
  const skusOf = (p: Product, body: unknown) => {
    const skus = isObj(body) ? body.skus : undefined;
    if (!Array.isArray(skus) || skus.length === 0) throw refuse(CODES.badRequest, 'skus is required');
    return skus.map((raw, i) => {
      if (!isObj(raw) || typeof raw.id !== 'string') throw refuse(CODES.badRequest, `skus[${i}].id is required`);
      const index = p.skuIds.indexOf(raw.id);
      if (index < 0) throw refuse(CODES.skuNotFound, `sku ${raw.id} is not a SKU of product ${p.id}`);
      return { raw, index, at: `skus[${i}]` };
    });
  };

  // ── Get Product ───────────────────────────────────────────────────────────────────────────────────
  app.get('/product/202309/products/:product_id', async (req) => {
    const shop = authenticate(req, null);
    const p = own(shop, productId(req));
    const image = (uri: string) => {
      const img = state.images.get(uri);
      const url = img ? imageUrl(req, img) : '';
      return { uri, urls: url ? [url] : [], thumb_urls: url ? [url] : [], width: img?.width ?? 0, height: img?.height ?? 0 };
    };
    const chain = [];
    for (let c = categoryById.get(p.category_id); c; c = categoryById.get(c.parent_id)) chain.unshift(c);
    return ok({
      id: p.id,
      status: p.status,
      title: p.title,
      description: p.description,
      category_chains: chain,
      ...(p.brand_id ? { brand: { id: p.brand_id, name: BRANDS.find((b) => b.id === p.brand_id)?.name ?? '' } } : {}),
      main_images: p.main_images.map(image),
      package_weight: p.package_weight,
      ...(p.package_dimensions ? { package_dimensions: p.package_dimensions } : {}),
      create_time: p.create_time,
      update_time: p.update_time,
      skus: p.skus.map((s, i) => ({
        id: p.skuIds[i],
        seller_sku: s.seller_sku,
        price: { tax_exclusive_price: s.price.amount, sale_price: s.price.amount, currency: s.price.currency },
        ...(s.list_price ? { list_price: s.list_price } : {}),
        inventory: s.inventory,
        sales_attributes: s.sales_attributes.map((a) => ({
          name: a.name,
          value_name: a.value_name,
          ...(a.sku_img ? { sku_img: image(a.sku_img.uri) } : {}),
        })),
        ...(s.identifier_code ? { identifier_code: s.identifier_code } : {}),
      })),
    });
  });

  // ── Partial Edit Product: title and description here; checked as Create checks them ──────────────
  app.post('/product/202309/products/:product_id/partial_edit', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const p = editable(own(shop, productId(req)));
    if (!isObj(body)) throw refuse(CODES.badRequest, 'the body must be a JSON object');
    const other = Object.keys(body).find((k) => !EDITABLE.has(k));
    if (other) throw refuse(CODES.badRequest, `the sandbox's Partial Edit takes title and description only, not ${other}`);
    // Checked in full before anything is stored: a refused edit changes nothing.
    const title = body.title === undefined ? p.title : checkTitle(body.title);
    const description = body.description === undefined ? p.description : checkDescription(body.description);
    Object.assign(p, { title, description, update_time: state.nowS() });
    return ok({
      product_id: p.id,
      skus: p.skus.map((s, i) => ({ id: p.skuIds[i], seller_sku: s.seller_sku, sales_attributes: s.sales_attributes })),
    });
  });

  // ── Update Price: skus [{id, price {amount, currency}, list_price?}] ──────────────────────────────
  app.post('/product/202309/products/:product_id/prices/update', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const p = editable(own(shop, productId(req)));
    const updates = skusOf(p, body).map(({ raw: sku, index, at }) => {
      const checked = checkSkuPrice(sku, at);
      // A list price kept from before must stay above the new price, else it is dropped (sandbox's choice).
      const kept = p.skus[index]!.list_price;
      const list_price =
        sku.list_price !== undefined ? checked.list_price : kept && Number(kept.amount) > Number(checked.price.amount) ? kept : null;
      return { index, price: checked.price, list_price };
    });
    for (const u of updates) Object.assign(p.skus[u.index]!, { price: u.price, list_price: u.list_price });
    p.update_time = state.nowS();
    return ok({});
  });

  // ── Update Inventory: skus [{id, inventory [{warehouse_id?, quantity}]}] ──────────────────────────
  app.post('/product/202309/products/:product_id/inventory/update', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const p = editable(own(shop, productId(req)));
    const updates = skusOf(p, body).map(({ raw: sku, index, at }) => {
      if (!Array.isArray(sku.inventory) || sku.inventory.length === 0) throw refuse(CODES.inventoryRange, `${at}.inventory is required`);
      const lines = sku.inventory.map((line): CheckedSku['inventory'][number] => {
        if (!isObj(line)) throw refuse(CODES.badRequest, `${at}.inventory must hold objects`);
        // warehouse_id may be left out when the SKU uses the default warehouse (TikTok's Update Inventory page).
        const warehouse_id = line.warehouse_id === undefined ? shop.warehouse_id : line.warehouse_id;
        if (warehouse_id !== shop.warehouse_id)
          throw refuse(CODES.unknownWarehouse, `warehouse ${String(warehouse_id)} is not this shop's`);
        return { warehouse_id, quantity: checkQuantity(line.quantity, at) };
      });
      return { index, lines };
    });
    for (const u of updates) {
      const sku = p.skus[u.index]!;
      for (const line of u.lines) {
        const held = sku.inventory.find((l) => l.warehouse_id === line.warehouse_id);
        if (held) held.quantity = line.quantity;
        else sku.inventory.push(line);
      }
    }
    p.update_time = state.nowS();
    return ok({});
  });

  // ── Activate, Deactivate, Delete: per product, failures listed in `errors` ───────────────────────
  /** Moves each product to `to` when `from` allows it; the others are answered in `errors`, the rest still move. */
  const batch = (to: ProductStatus, allowed: (from: ProductStatus) => boolean) => async (req: FastifyRequest) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const ids = isObj(body) ? body.product_ids : undefined;
    if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string'))
      throw refuse(CODES.badRequest, 'product_ids is required: an array of product id strings');
    if (ids.length > IDS_PER_CALL) throw refuse(CODES.badRequest, `at most ${IDS_PER_CALL} product_ids a call, got ${ids.length}`);
    const errors: { code: number; message: string; detail: { product_id: string } }[] = [];
    for (const id of ids as string[]) {
      const p = state.products.get(id);
      if (!p || p.shopId !== shop.id) {
        errors.push({ code: CODES.productNotFound, message: `product ${id} does not exist`, detail: { product_id: id } });
      } else if (p.status !== to) {
        if (!allowed(p.status)) {
          errors.push({
            code: CODES.productStatus,
            message: `product ${id} is ${p.status}: cannot become ${to}`,
            detail: { product_id: id },
          });
        } else {
          p.status = to;
          p.update_time = state.nowS();
        }
      }
    }
    return ok(errors.length ? { errors } : {});
  };
  app.post(
    '/product/202309/products/activate',
    batch('ACTIVATE', (from) => from === 'SELLER_DEACTIVATED' || from === 'DRAFT'),
  );
  app.post(
    '/product/202309/products/deactivate',
    batch('SELLER_DEACTIVATED', (from) => from === 'ACTIVATE'),
  );
  app.delete(
    '/product/202309/products',
    batch('DELETED', () => true),
  );
}
