import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@app/contract';
import type { VariantToCode } from '../src/modules/barcodes/index.js';
import { buildTestApp, type TestApp } from './helper.js';

/**
 * Two allocations at once never hand out one code twice (docs/listing-tools.md#barcodes), on SQLite and
 * PostgreSQL (SKIP LOCKED there): the claims of two exports to two shops, and of the same variants to one shop.
 */
let app: TestApp;
let maker: number;
const shops: number[] = [];
const PER_EXPORT = 3000;

beforeAll(async () => {
  app = await buildTestApp({ runJobs: false });
  maker = (
    await app.api(routes.barcodeCreate, {
      as: 'demo',
      body: { name: '并发前缀', prefix: '6901234', code_type: 'EAN', count: 2 * PER_EXPORT + 100 },
    })
  ).data.maker_id;
  for (const name of ['并发店 1', '并发店 2']) {
    const id = (await app.api(routes.storeAdd, { as: 'demo', body: { pid: 1, name } })).data.id;
    await app.api(routes.storeSetBarcodeMaker, { as: 'demo', body: { id, maker_id: maker } });
    shops.push(id);
  }
});
afterAll(async () => {
  await app.close();
});

/** Variants of made-up products (the claim names them; it reads nothing of them). */
const variants = (from: number, n: number): VariantToCode[] =>
  Array.from({ length: n }, (_, i) => ({
    variantId: from + i,
    finishedId: 1_000_000 + Math.floor((from + i) / 6),
    keyId: `FPX-${from + i}`,
  }));

/** Claims in slices of 100, as an export's pages do, so the two runs interleave. */
async function claimInPages(shopId: number, all: VariantToCode[]) {
  const codes = new Map<number, string>();
  for (let i = 0; i < all.length; i += 100)
    for (const [v, c] of await app.barcodeAllocation.codesFor(shopId, all.slice(i, i + 100))) codes.set(v, c.code);
  return codes;
}

describe('two allocations at once', () => {
  it('give two shops different codes, every variant one, no code twice', async () => {
    const [a, b] = await Promise.all([
      claimInPages(shops[0]!, variants(1, PER_EXPORT)),
      claimInPages(shops[1]!, variants(100_001, PER_EXPORT)),
    ]);
    expect(a.size).toBe(PER_EXPORT);
    expect(b.size).toBe(PER_EXPORT);
    const all = [...a.values(), ...b.values()];
    expect(new Set(all).size).toBe(2 * PER_EXPORT);
    const rows = await app.db.db
      .selectFrom('barcode')
      .select(['code', 'store_id', 'variant_id'])
      .where('maker_id', '=', maker)
      .where('status', '=', 'used')
      .execute();
    expect(rows).toHaveLength(2 * PER_EXPORT);
    expect(new Set(rows.map((r) => r.code)).size).toBe(2 * PER_EXPORT);
  });

  it('give the same variants in one shop one code each, whichever claim came first', async () => {
    const same = variants(200_001, 50);
    const [a, b] = await Promise.all([app.barcodeAllocation.codesFor(shops[0]!, same), app.barcodeAllocation.codesFor(shops[0]!, same)]);
    expect([...a].map(([v, c]) => [v, c.code])).toEqual(same.map((v) => [v.variantId, b.get(v.variantId)!.code]));
    const used = await app.db.db
      .selectFrom('barcode')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('maker_id', '=', maker)
      .where('status', '=', 'used')
      .executeTakeFirstOrThrow();
    expect(Number(used.n)).toBe(2 * PER_EXPORT + 50);
  });

  it('stop at the maker’s last free code, the second claim told how many are missing', async () => {
    // 50 free codes left: two claims of 40 at once; one gets its 40, the other is refused, taking none.
    const results = await Promise.allSettled([
      app.barcodeAllocation.codesFor(shops[0]!, variants(300_001, 40)),
      app.barcodeAllocation.codesFor(shops[1]!, variants(400_001, 40)),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 409, key: 'barcodeMakerShort', params: { missing: 30 } });
    const maker_ = (await app.api(routes.barcodeMakerList, { as: 'demo' })).data.list.find((m) => m.id === maker)!;
    expect(maker_.free).toBe(10);
  });
});
