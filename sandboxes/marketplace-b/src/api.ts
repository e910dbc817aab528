import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { CATEGORIES } from './categories.js';
import { CODES } from './codes.js';
import { checkProduct, Refusal, warningsFor } from './create.js';
import { imageUrl, jsonBody, needObject, ok } from './http.js';
import { hex, type Image, type Product, type SandboxState, type Shop } from './state.js';

/** The largest image Upload Image takes; the multipart limit reads one byte more to tell it was over. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_MIN_PX = 100;
const IMAGE_MAX_PX = 20_000;
const USE_CASES = ['MAIN_IMAGE', 'ATTRIBUTE_IMAGE', 'DESCRIPTION_IMAGE', 'CERTIFICATION_IMAGE', 'SIZE_CHART_IMAGE'];

/** The signed Partner API: categories, Upload Image, Create Product, Search Products (docs/marketplace-b.md). */
export function registerPartnerApi(
  app: FastifyInstance,
  state: SandboxState,
  authenticate: (req: FastifyRequest, raw: Buffer | null, opts?: { shopCipher?: boolean }) => Shop,
): void {
  // ── Get Authorized Shops: the shops the token may act for, each with its cipher (no shop_cipher asked) ─
  app.get('/authorization/202309/shops', async (req) => {
    const shop = authenticate(req, null, { shopCipher: false });
    return ok({
      shops: [
        { id: shop.id, name: shop.name, region: 'US', seller_type: 'LOCAL', cipher: shop.shop_cipher, code: `USLC${shop.id.slice(-6)}` },
      ],
    });
  });

  // ── Categories (signed, and a developer copy) ─────────────────────────────────────────────────────
  app.get('/product/202309/categories', async (req) => {
    authenticate(req, null);
    return ok({ categories: CATEGORIES });
  });

  // ── Upload Image: multipart only ───────────────────────────────────────────────────────────────────
  app.post('/product/202309/images/upload', async (req) => {
    let file: Buffer | null = null;
    let truncated = false;
    let useCase = 'MAIN_IMAGE';
    let raw: Buffer | null = null;
    let shop: Shop;
    if (req.isMultipart()) {
      // A multipart request signs the path and query only: refused before a byte of the file is read.
      shop = authenticate(req, null);
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const c of part.file) chunks.push(c as Buffer);
          if (part.fieldname === 'data') {
            file = Buffer.concat(chunks);
            truncated = part.file.truncated;
          }
        } else if (part.fieldname === 'use_case') {
          useCase = String(part.value);
        }
      }
    } else {
      raw = Buffer.isBuffer(req.body) ? req.body : null;
      shop = authenticate(req, raw);
    }
    if (!req.isMultipart() || !file)
      throw new Refusal(200, CODES.notMultipart, 'The image must be sent as multipart/form-data in the field "data"');
    if (!USE_CASES.includes(useCase)) throw new Refusal(200, CODES.badRequest, `use_case must be one of ${USE_CASES.join(', ')}`);
    if (truncated || file.length > IMAGE_MAX_BYTES) throw new Refusal(200, CODES.imageTooLarge, 'The image is larger than 5 MB');
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    try {
      meta = await sharp(file).metadata();
    } catch {
      throw new Refusal(200, CODES.imageFormat, 'The image must be a JPG or PNG');
    }
    if (meta.format !== 'jpeg' && meta.format !== 'png') throw new Refusal(200, CODES.imageFormat, 'The image must be a JPG or PNG');
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width < IMAGE_MIN_PX || height < IMAGE_MIN_PX)
      throw new Refusal(200, CODES.imageTooSmall, `The image must be at least ${IMAGE_MIN_PX}x${IMAGE_MIN_PX} px`);
    if (width > IMAGE_MAX_PX || height > IMAGE_MAX_PX)
      throw new Refusal(200, CODES.imageTooLarge, `The image must be at most ${IMAGE_MAX_PX}x${IMAGE_MAX_PX} px`);
    const name = `${hex(16)}.${meta.format === 'png' ? 'png' : 'jpg'}`;
    const image: Image = {
      uri: `tos-sandbox-i-b/${name.slice(0, 32)}`,
      name,
      shopId: shop.id,
      bytes: file,
      mime: meta.format === 'png' ? 'image/png' : 'image/jpeg',
      width,
      height,
      use_case: useCase,
    };
    state.addImage(image);
    return ok({ uri: image.uri, url: imageUrl(req, image), width, height, use_case: useCase });
  });

  // ── Create Product ─────────────────────────────────────────────────────────────────────────────────
  // The handler is synchronous from the parsed body to the stored product, so two concurrent requests
  // with one idempotency_key cannot both create (docs/marketplace-b.md#idempotency).
  app.post('/product/202309/products', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const key =
      typeof body === 'object' && body !== null && typeof (body as { idempotency_key?: unknown }).idempotency_key === 'string'
        ? (body as { idempotency_key: string }).idempotency_key
        : '';
    const replay = key ? state.idempotency.get(`${shop.id}\u0000${key}`) : undefined;
    if (replay) return ok(createAnswer(state.products.get(replay)!));
    const checked = checkProduct(body, shop, (uri) => state.images.get(uri)?.shopId === shop.id);
    const day = Math.floor(state.nowS() / 86_400);
    if (shop.today.day !== day) shop.today = { day, count: 0 };
    if (shop.today.count >= state.quotaOf(shop))
      throw new Refusal(200, CODES.dailyQuota, `The shop reached its daily listing limit of ${state.quotaOf(shop)} products`);
    const product: Product = {
      ...checked,
      id: state.newId(),
      shopId: shop.id,
      status: checked.save_mode === 'AS_DRAFT' ? 'DRAFT' : 'ACTIVATE',
      create_time: state.nowS(),
      update_time: state.nowS(),
      skuIds: checked.skus.map(() => state.newId()),
      warnings: warningsFor(checked),
    };
    state.products.set(product.id, product);
    shop.today.count += 1;
    if (key) state.idempotency.set(`${shop.id}\u0000${key}`, product.id);
    return ok(createAnswer(product));
  });

  const createAnswer = (p: Product) => ({
    product_id: p.id,
    skus: p.skus.map((s, i) => ({ id: p.skuIds[i], seller_sku: s.seller_sku, sales_attributes: s.sales_attributes })),
    warnings: p.warnings,
  });

  // ── Search Products (by seller SKUs, status) ───────────────────────────────────────────────────────
  app.post('/product/202309/products/search', async (req) => {
    const { raw, body } = jsonBody(req);
    const shop = authenticate(req, raw);
    needObject(body);
    const q = req.query as Record<string, string | undefined>;
    const pageSize = Number(q.page_size);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      throw new Refusal(200, CODES.badRequest, 'page_size is required, 1-100');
    const offset = q.page_token ? Number(Buffer.from(q.page_token, 'base64url').toString()) || 0 : 0;
    const f = (body ?? {}) as { seller_skus?: unknown; status?: unknown };
    if (f.seller_skus !== undefined && (!Array.isArray(f.seller_skus) || f.seller_skus.some((s) => typeof s !== 'string')))
      throw new Refusal(200, CODES.badRequest, 'seller_skus must be an array of strings');
    const wanted = Array.isArray(f.seller_skus) ? new Set(f.seller_skus as string[]) : null;
    const matches = state.productsOf(shop.id).filter(
      (p) =>
        (!wanted || p.skus.some((s) => wanted.has(s.seller_sku))) &&
        // A deleted product is found only when asked for by its status (sandbox's choice): a reconcile never claims it.
        (typeof f.status === 'string' && f.status !== 'ALL' ? f.status === p.status : p.status !== 'DELETED'),
    );
    const page = matches.slice(offset, offset + pageSize);
    const next = offset + pageSize < matches.length ? Buffer.from(String(offset + pageSize)).toString('base64url') : '';
    return ok({
      total_count: matches.length,
      next_page_token: next,
      products: page.map((p) => ({
        id: p.id,
        title: p.title,
        status: p.status,
        create_time: p.create_time,
        update_time: p.update_time,
        sales_regions: ['US'],
        skus: p.skus.map((s, i) => ({
          id: p.skuIds[i],
          seller_sku: s.seller_sku,
          price: { tax_exclusive_price: s.price.amount, currency: s.price.currency },
          inventory: s.inventory,
        })),
      })),
    });
  });
}
