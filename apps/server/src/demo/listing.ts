import type { Insertable } from 'kysely';
import type { ProductTemplateTable } from '../db/schema.js';
import type { DemoContentDeps } from './deps.js';
import { SIMPLE_EXPORT_COLUMNS } from '@app/contract';

/**
 * The demo account's listing settings (docs/exports.md), so a first run can export a listing file at once: a
 * large-marketplace shop and a Walmart-style shop, the pricing template of the worked example in docs/pricing-templates.md#rounding
 * (¥35 + ¥45 at 7.2, 20 % margin, 8 % fee → $15.43, crossed out $22.99), and one product template of each
 * kind. Nothing is added when the demo account already has a shop.
 */
export async function seedDemoListing(deps: DemoContentDeps): Promise<void> {
  const { db } = deps;
  const demo = await db.selectFrom('account').select('id').where('username', '=', 'demo').executeTakeFirst();
  if (!demo) return;
  const owner = Number(demo.id);
  if (await db.selectFrom('store').select('id').where('owner_id', '=', owner).executeTakeFirst()) return;
  // Shops keep Unix seconds (createtime); the template tables keep milliseconds, as their services write them.
  const ms = deps.now();
  const at = Math.floor(ms / 1000);
  const shop = async (platform: number, name: string) =>
    Number(
      (
        await db
          .insertInto('store')
          .values({ owner_id: owner, platform, name, createtime: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const amazonShop = await shop(1, 'Sunny Prints US');
  const walmartShop = await shop(3, 'Sunny Prints Walmart');

  await db
    .insertInto('price_template')
    .values({
      owner_id: owner,
      name: '美国站 · 利润 20%',
      platform_type: 1,
      currency_code: 'USD',
      shipping: '45',
      exchange_rate: '7.2',
      margin: '0.2',
      platform_fee: '0.08',
      tax_rate: '0',
      discount: '0.3',
      rounding: 'cent',
      crossed_out_rounding: '99',
      created_at: ms,
      updated_at: ms,
    })
    .execute();

  const base = { owner_id: owner, created_at: ms, updated_at: ms };
  // One row at a time: a multi-row insert would write NULL into the columns a kind leaves to their defaults.
  const templates: Insertable<ProductTemplateTable>[] = [
    {
      ...base,
      store_id: amazonShop,
      kind: 'amazon',
      name: 'T恤 · 美国站',
      format: 3,
      site: 'US',
      category: 'clothing',
      feed_product_type: 'shirt',
      item_type: 'fashion-t-shirts',
      brand_name: 'Sunny Prints',
      manufacturer: 'Sunny Prints',
      department_name: 'unisex-adult',
      bullet_point1: 'Soft, breathable cotton for all-day comfort',
      bullet_point2: 'Printed on demand with fade-resistant inks',
      bullet_point3: 'Classic fit with a ribbed crew neck',
      bullet_point4: 'Machine wash cold, inside out',
      bullet_point5: 'A gift for birthdays, holidays and every day',
      generic_keywords: 'graphic tee, custom t-shirt, gift',
      product_description: 'A classic tee with an original print, made to order.',
      quantity: 99,
      sku_prefix: 'SP-',
    },
    { ...base, store_id: amazonShop, kind: 'simple', name: '简易 Excel', format: 6, columns: JSON.stringify(SIMPLE_EXPORT_COLUMNS) },
    { ...base, store_id: amazonShop, kind: 'simple', name: 'Txt 表格', format: 9, columns: JSON.stringify(SIMPLE_EXPORT_COLUMNS) },
    {
      ...base,
      store_id: walmartShop,
      kind: 'walmart',
      name: 'Walmart T恤',
      format: 3,
      product_type: 'T-Shirts',
      brand_name: 'Sunny Prints',
      manufacturer: 'Sunny Prints',
      quantity: 50,
      sku_prefix: 'SPW-',
      product_description: 'A classic tee with an original print, made to order.',
    },
  ];
  for (const t of templates) await db.insertInto('product_template').values(t).execute();
  deps.log('Demo listing settings created: two shops, a pricing template and four product templates');
}
