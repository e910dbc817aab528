import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { summary } from './buyerRoutes.js';
import { BUYERS } from './buyers.js';
import { CATEGORIES, categoryById } from './categories.js';
import { Refusal } from './create.js';
import { imageUrl, jsonBody } from './http.js';
import { buyForm, ordersTable } from './orderPages.js';
import { indexPage, productPage } from './pages.js';
import type { SandboxState } from './state.js';

/**
 * The developer endpoints (not signed; docs/marketplace-b.md#developer-endpoints): shops, tokens, limits, the
 * products and images stored, and the pages a person reads (the buyers' endpoints are in buyerRoutes.ts).
 */
export function registerDeveloperRoutes(app: FastifyInstance, state: SandboxState): void {
  const shopOr404 = (id: string) => {
    const s = state.shops.get(id);
    if (!s) throw new Refusal(404, 404, `No shop ${id}`);
    return s;
  };
  const devBody = (req: FastifyRequest): Record<string, unknown> => {
    const { body } = jsonBody(req);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  };
  /** A limit's new value; a rate of 0 would refuse every call with no time to wait, so rates start at 1. */
  const limitValue = (v: unknown, name: string, min: number): number | null | undefined => {
    if (v === undefined) return undefined;
    if (v === null) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new Refusal(400, 400, `${name} must be an integer >= ${min}`);
    return v;
  };

  app.post('/sandbox/shops', async (req) => {
    const b = devBody(req);
    return state.createShop({
      name: typeof b.name === 'string' ? b.name : undefined,
      warehouse_id: typeof b.warehouse_id === 'string' ? b.warehouse_id : undefined,
    });
  });
  app.get('/sandbox/shops', async () => ({
    shops: [...state.shops.values()].map((s) => ({
      shop_id: s.id,
      shop_name: s.name,
      products: state.productsOf(s.id).length,
      rate_limit_per_second: state.rateOf(s),
      daily_quota: state.quotaOf(s),
    })),
  }));
  app.post('/sandbox/shops/:id/expire-token', async (req) => {
    const shop = shopOr404((req.params as { id: string }).id);
    for (const held of state.accessTokens.values()) if (held.shopId === shop.id) held.expiresAt = state.nowS() - 1;
    return { ok: true };
  });
  app.post('/sandbox/shops/:id/revoke-refresh-token', async (req) => {
    const shop = shopOr404((req.params as { id: string }).id);
    for (const held of state.refreshTokens.values()) if (held.shopId === shop.id) held.revokedAt = state.now();
    return { ok: true };
  });
  app.post('/sandbox/shops/:id/limits', async (req) => {
    const shop = shopOr404((req.params as { id: string }).id);
    const b = devBody(req);
    const rate = limitValue(b.rate_limit_per_second, 'rate_limit_per_second', 1);
    const quota = limitValue(b.daily_quota, 'daily_quota', 0);
    if (rate !== undefined) shop.rate = rate;
    if (quota !== undefined) shop.quota = quota;
    shop.hits = [];
    return { rate_limit_per_second: state.rateOf(shop), daily_quota: state.quotaOf(shop) };
  });
  app.post('/sandbox/limits', async (req) => {
    const b = devBody(req);
    const rate = limitValue(b.rate_limit_per_second, 'rate_limit_per_second', 1);
    const quota = limitValue(b.daily_quota, 'daily_quota', 0);
    if (typeof rate === 'number') state.defaults.rate = rate;
    if (typeof quota === 'number') state.defaults.quota = quota;
    return { rate_limit_per_second: state.defaults.rate, daily_quota: state.defaults.quota };
  });
  app.get('/sandbox/products', async (req) => {
    const q = req.query as { shop_id?: string };
    const list = q.shop_id ? state.productsOf(q.shop_id) : [...state.products.values()];
    return {
      count: list.length,
      products: list.map((p) => ({
        product_id: p.id,
        shop_id: p.shopId,
        title: p.title,
        status: p.status,
        sku_count: p.skus.length,
        seller_skus: p.skus.map((s) => s.seller_sku),
        // What each SKU went out with: the buyer's price, the crossed-out one, stock and handling time.
        skus: p.skus.map((s) => ({
          seller_sku: s.seller_sku,
          sales_attributes: s.sales_attributes.map((a) => ({ name: a.name, value_name: a.value_name })),
          price: s.price,
          list_price: s.list_price,
          inventory: s.inventory,
          pre_sale: s.pre_sale,
        })),
        identifier_codes: p.skus.map((s) => s.identifier_code ?? null),
        create_time: p.create_time,
      })),
    };
  });
  app.get('/sandbox/categories', async () => ({ categories: CATEGORIES }));
  app.get('/sandbox/images/:name', async (req, reply: FastifyReply) => {
    const image = state.imagesByName.get((req.params as { name: string }).name);
    if (!image) throw new Refusal(404, 404, 'No such image');
    if (!image.bytes) throw new Refusal(410, 410, 'The image was dropped from the sandbox memory (imageBytesKept)');
    return reply.type(image.mime).header('cache-control', 'public, max-age=31536000, immutable').send(image.bytes);
  });
  app.get('/sandbox/products/:id', async (req, reply: FastifyReply) => {
    const p = state.products.get((req.params as { id: string }).id);
    if (!p) throw new Refusal(404, 404, 'No such product');
    const url = (uri: string) => {
      const image = state.images.get(uri);
      return image ? imageUrl(req, image) : '';
    };
    const html = productPage({
      product_id: p.id,
      shop_name: state.shops.get(p.shopId)?.name ?? p.shopId,
      title: p.title,
      description: p.description,
      category: `${categoryById.get(p.category_id)?.local_name ?? ''} (${p.category_id})`,
      status: p.status,
      create_time: p.create_time,
      images: p.main_images.map(url),
      skus: p.skus.map((s, i) => ({
        id: p.skuIds[i] ?? '',
        seller_sku: s.seller_sku,
        attributes: s.sales_attributes.map((a) => `${a.name}: ${a.value_name}`).join(', '),
        img: url(s.sales_attributes.find((a) => a.sku_img)?.sku_img?.uri ?? ''),
        price: `${s.price.amount} ${s.price.currency}`,
        list_price: s.list_price ? `${s.list_price.amount} ${s.list_price.currency}` : '',
        handling: s.pre_sale ? `${s.pre_sale.type} · ${s.pre_sale.handling_duration_days} days` : '',
        quantity: s.inventory.reduce((n, l) => n + l.quantity, 0),
      })),
      warnings: p.warnings.map((w) => w.message),
      buy: buyForm({
        product_id: p.id,
        for_sale: p.status === 'ACTIVATE',
        skus: p.skus.map((s, i) => ({ id: p.skuIds[i] ?? '', label: `${s.seller_sku} · ${s.price.amount} ${s.price.currency}` })),
        buyer: state.ordersPlaced % BUYERS.length,
        ordered: String((req.query as { ordered?: unknown }).ordered ?? ''),
      }),
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });
  app.get('/', async (_req, reply: FastifyReply) => {
    const html = indexPage(
      [...state.shops.values()].map((s) => ({
        id: s.id,
        name: s.name,
        products: state.productsOf(s.id).length,
        rate: state.rateOf(s),
        quota: state.quotaOf(s),
      })),
      [...state.products.values()]
        .reverse()
        .slice(0, 500)
        .map((p) => ({
          product_id: p.id,
          title: p.title,
          shop_name: state.shops.get(p.shopId)?.name ?? p.shopId,
          skus: p.skus.length,
        })),
      ordersTable(
        state.orders.size,
        [...state.orders.values()]
          .slice(-200)
          .reverse()
          .map((o) => {
            const line = summary(o);
            return { ...line, shop_name: state.shops.get(o.shopId)?.name ?? o.shopId, total: `${line.total_amount} ${line.currency}` };
          }),
      ),
    );
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
