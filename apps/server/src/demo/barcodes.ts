import { generatedCode, gtinKey } from '@app/contract';
import { createBarcodeRepo } from '../modules/barcodes/index.js';
import { createShopRepo } from '../modules/shops/index.js';
import type { Services } from '../services.js';

/** The demo's GS1 prefix: 200–299 is GS1's restricted-circulation range, never a real product's code. */
const DEMO_PREFIX = '2000001';
const DEMO_CODES = 2000;

/**
 * The demo account's barcodes (docs/listing-tools.md#barcodes): a generator maker of 2,000 EAN-13 codes,
 * chosen by its large-marketplace shop, so the first flat-file export carries a code per variant. Nothing is
 * added when the demo account already has a maker.
 */
export async function seedDemoBarcodes(services: Pick<Services, 'db' | 'config' | 'log'>): Promise<void> {
  const { db, dialect } = services.db;
  const demo = await db.selectFrom('account').select('id').where('username', '=', 'demo').executeTakeFirst();
  if (!demo) return;
  const owner = Number(demo.id);
  const shop = await db
    .selectFrom('store')
    .select('id')
    .where('owner_id', '=', owner)
    .where('platform', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (!shop) return;
  const repo = createBarcodeRepo(db, dialect);
  if ((await repo.makers({ accountIds: [owner] }, undefined)).length > 0) return;
  const makerId = await repo.inTransaction(async (r) => {
    const { id } = await r.insertMaker({
      owner_id: owner,
      name: '演示条码 (GS1 店内码)',
      kind: 'generator',
      prefix: DEMO_PREFIX,
      code_type: 'EAN',
      next_ref: DEMO_CODES,
      created_at: services.config.now(),
    });
    const codes = Array.from({ length: DEMO_CODES }, (_, ref) => generatedCode(DEMO_PREFIX, 'EAN', ref));
    await r.insertCodes(codes.map((code) => ({ owner_id: owner, maker_id: id, code, gtin: gtinKey(code), type: 'EAN' as const })));
    return id;
  });
  await createShopRepo(db).setBarcodeMaker(Number(shop.id), makerId, Math.floor(services.config.now() / 1000));
  services.log.info(`Demo barcodes created: ${DEMO_CODES} EAN-13 codes for the large-marketplace shop`);
}
