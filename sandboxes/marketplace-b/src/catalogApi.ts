import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTRIBUTES_BY_LEAF, categoryById } from './categories.js';
import { CODES } from './codes.js';
import { Refusal } from './create.js';
import { ok } from './http.js';
import type { Shop } from './state.js';

/**
 * What a seller reads before listing (docs/marketplace-b.md#managing-products): Get Attributes of a leaf
 * category, Get Brands, Get Warehouse List. Signed, through the gate, counted by the rate.
 */

/** A small fixed brand library (the sandbox's own names and ids); TikTok's is searched by name and paged. */
export const BRANDS = [
  { id: '7082427311584347905', name: 'Sandbox Basics', authorized_status: 'AUTHORIZED', is_t1_brand: false, brand_status: 'AVAILABLE' },
  { id: '7082427311584347906', name: 'Sandbox Prints', authorized_status: 'AUTHORIZED', is_t1_brand: false, brand_status: 'AVAILABLE' },
  { id: '7082427311584347907', name: 'Sandbox Home', authorized_status: 'UNAUTHORIZED', is_t1_brand: false, brand_status: 'AVAILABLE' },
  { id: '7082427311584347908', name: 'Famous Label', authorized_status: 'UNAUTHORIZED', is_t1_brand: true, brand_status: 'AVAILABLE' },
  { id: '7082427311584347909', name: 'Retired Mark', authorized_status: 'UNAUTHORIZED', is_t1_brand: false, brand_status: 'UNAVAILABLE' },
] as const;

export function registerCatalogApi(app: FastifyInstance, authenticate: (req: FastifyRequest, raw: Buffer | null) => Shop): void {
  // ── Get Attributes: only a leaf has them (a product is listed on a leaf) ────────────────────────────
  app.get('/product/202309/categories/:category_id/attributes', async (req) => {
    authenticate(req, null);
    const id = (req.params as { category_id: string }).category_id;
    const category = categoryById.get(id);
    if (!category) throw new Refusal(200, CODES.categoryNotLeaf, `category ${id} does not exist`);
    if (!category.is_leaf) throw new Refusal(200, CODES.categoryNotLeaf, `category ${id} is not a leaf category`);
    return ok({ attributes: ATTRIBUTES_BY_LEAF.get(id) ?? [] });
  });

  // ── Get Brands: page_size 1–100 required, page_token from the previous page, brand_name a filter ─────
  app.get('/product/202309/brands', async (req) => {
    authenticate(req, null);
    const q = req.query as Record<string, string | undefined>;
    const pageSize = Number(q.page_size);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      throw new Refusal(200, CODES.badRequest, 'page_size is required, 1-100');
    const offset = q.page_token ? Number(Buffer.from(q.page_token, 'base64url').toString()) || 0 : 0;
    const name = (q.brand_name ?? '').toLowerCase();
    const authorizedOnly = q.is_authorized === 'true';
    const matches = BRANDS.filter((b) => b.name.toLowerCase().includes(name) && (!authorizedOnly || b.authorized_status === 'AUTHORIZED'));
    const next = offset + pageSize < matches.length ? Buffer.from(String(offset + pageSize)).toString('base64url') : '';
    return ok({ brands: matches.slice(offset, offset + pageSize), total_count: matches.length, next_page_token: next });
  });

  // ── Get Warehouse List: the shop's one sales warehouse, its default ────────────────────────────────
  app.get('/logistics/202309/warehouses', async (req) => {
    const shop = authenticate(req, null);
    return ok({
      warehouses: [
        {
          id: shop.warehouse_id,
          name: `${shop.name} warehouse`,
          effect_status: 'ENABLED',
          type: 'SALES_WAREHOUSE',
          sub_type: 'DOMESTIC_WAREHOUSE',
          is_default: true,
          address: {
            region: 'United States',
            region_code: 'US',
            state: 'California',
            city: 'Los Angeles',
            postal_code: '90001',
            full_address: '100 Sandbox Way, Los Angeles, CA 90001',
            contact_person: shop.name,
            phone_number: '(+1)2135550100',
          },
        },
      ],
    });
  });
}
