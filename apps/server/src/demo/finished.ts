import type { Kysely } from 'kysely';
import { layerSchema, type DesignDocument, type Layer } from '@app/design';
import type { Database } from '../db/schema.js';
import type { BlobStorage } from '../storage/blobStorage.js';
import type { Caller } from '../http/auth.js';
import type { CatalogueService } from '../modules/catalogue/index.js';
import type { SynthesisService } from '../modules/synthesis/index.js';

/** Relative luminance below which a blank counts as dark (WCAG's formula, simplified to sRGB weights). */
function isDark(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 110;
}

/** How many demo finished products the seed makes (40+: enough to page through the list). */
export const DEMO_FINISHED_COUNT = 44;

const NAMES = ['张雨桐', '李思远', 'WANG', 'CHEN', '陈嘉怡', 'SMITH'];
const SLOGANS = ['SUMMER VIBES', '山海有约', 'GOOD DAY', '一起去旅行', 'TEAM SPIRIT', 'STAY WILD'];

/**
 * The demo products' export names (docs/publishing.md#demo): English listing titles built from the design's
 * text and the blank, so a newcomer can publish a demo product to TikTok Shop on the first run (its titles take
 * no Chinese characters; the catalogue's names are Chinese).
 */
const TEXT_MOTIFS: Record<string, string> = {
  张雨桐: 'Personalized Name',
  李思远: 'Custom Name',
  WANG: 'Wang Family Name',
  CHEN: 'Chen Family Name',
  陈嘉怡: 'Personalized Name Gift',
  SMITH: 'Smith Family Name',
  'SUMMER VIBES': 'Summer Vibes',
  山海有约: 'Mountains and Sea',
  'GOOD DAY': 'Good Day',
  一起去旅行: 'Travel Together',
  'TEAM SPIRIT': 'Team Spirit',
  'STAY WILD': 'Stay Wild',
};
/** The demo blanks in a listing's words, by catalogue code (demo/catalogue/blanks). */
const BLANK_TITLES: Record<string, string> = {
  tshirt: 'Graphic T-Shirt',
  hoodie: 'Fleece Pullover Hoodie',
  jersey: 'Football Jersey',
  mug: 'Ceramic Coffee Mug',
  'phone-case': 'Phone Case',
  pillow: 'Throw Pillow',
  poster: 'Wall Art Poster',
  tote: 'Canvas Tote Bag',
};
/** For a design with artwork only: words that fit any of the demo artworks. */
const ART_MOTIFS = ['Original Art', 'Modern Pattern', 'Designer Print', 'Artist Illustrated', 'Minimalist Art', 'Vintage Style'];
/** An English listing title: the design's text (or, the blank's `n`th demo product picking the words, its artwork) and the blank. */
export function demoExportName(productCode: string, text: string | undefined, n: number): string {
  if (productCode === 'jersey') return 'Custom Football Jersey with Your Name and Number';
  const blank = BLANK_TITLES[productCode] ?? 'Custom Print Gift';
  const motif = text === undefined ? ART_MOTIFS[n % ART_MOTIFS.length]! : (TEXT_MOTIFS[text] ?? 'Custom Text');
  return `${motif} ${blank}`;
}

/**
 * The demo accounts' finished products, made by the real pipeline: designs built from the demo
 * materials on every demo blank, created through synthesis (rows at once, images by the job queue, so
 * the server answers while they compose). Does nothing when the demo family already has finished products.
 */
export async function seedDemoFinished(deps: {
  db: Kysely<Database>;
  storage: BlobStorage;
  catalogue: CatalogueService;
  synthesis: SynthesisService;
  log: (msg: string) => void;
}): Promise<number> {
  const { db, storage } = deps;
  const accounts = await db
    .selectFrom('account')
    .select(['id', 'username', 'nickname', 'level', 'parent_id', 'office_id'])
    .where('username', 'in', ['demo', 'demo-a', 'demo-b'])
    .execute();
  const demo = accounts.find((a) => a.username === 'demo');
  if (!demo) return 0;
  const family = accounts.map((a) => a.id);
  const existing = await db.selectFrom('finished').select('id').where('owner_id', 'in', family).limit(1).executeTakeFirst();
  if (existing) return 0;

  const productRows = await db.selectFrom('product').select(['id', 'code']).orderBy('sort').orderBy('id').execute();
  const products = (await Promise.all(productRows.map((p) => deps.catalogue.product(p.id)))).filter((p) => p !== undefined);
  if (products.length === 0) return 0;
  const materials = await db
    .selectFrom('material')
    .select(['id', 'owner_id', 'width', 'height', 'image_key', 'thumb1200_key'])
    .where('owner_id', 'in', family)
    .orderBy('id')
    .execute();

  const callerOf = (a: (typeof accounts)[number]): Caller => ({
    id: a.id,
    username: a.username,
    nickname: a.nickname,
    level: Math.max(a.level, 3),
    parentId: a.parent_id,
    officeId: a.office_id,
    scope: { accountIds: [a.id] },
  });
  const owners = ['demo', 'demo', 'demo-a', 'demo', 'demo-b', 'demo-a'].map((u) => accounts.find((a) => a.username === u) ?? demo);

  let made = 0;
  for (let i = 0; i < DEMO_FINISHED_COUNT; i++) {
    const owner = owners[i % owners.length]!;
    const product = products[i % products.length]!;
    // A design names only files its owner may read (storage/blobAccess.ts): a sub-account without a
    // library of its own (demo-b) designs with text only, never with its parent's materials.
    const pool = materials.filter((m) => m.owner_id === owner.id);
    const area = product.spec.areas[0]!;
    const { x, y, width, height } = area.bbox;
    const cx = x + width / 2;
    const cy = y + height / 2;
    const parent = product.skus[(i * 5) % product.skus.length]!;
    const layers: Layer[] = [];
    const mat = pool.length > 0 ? pool[(i * 7) % pool.length] : undefined;
    if (mat) {
      // An image enters the 600 canvas with its longer side 600, then is fitted to the area (docs/limits.md#editor).
      const k = 600 / Math.max(mat.width, mat.height);
      const w = mat.width * k;
      const h = mat.height * k;
      const tiled = i % 5 === 2;
      const scale = tiled ? 0.25 : Math.min(width / w, height / h) * (i % 3 === 0 ? 0.95 : 0.7);
      layers.push(
        layerSchema.parse({
          id: `img${i}`,
          type: 'image',
          sourceid: mat.id,
          src: storage.url(mat.thumb1200_key),
          src1: storage.url(mat.image_key),
          width: w,
          height: h,
          x: cx,
          y: tiled ? cy : cy - (i % 3 === 0 ? 0 : height * 0.08),
          scale,
          rotation: i % 4 === 1 ? -8 : 0,
          ...(tiled ? { putu: 1, putustr: String(1 + (i % 4)) } : {}),
        }),
      );
    }
    const isJersey = product.code.includes('jersey');
    let designText: string | undefined;
    if (isJersey) {
      // The Excel batch design's placeholders (docs/domain.md#excel-batch-design): NO. becomes the number, 姓名 the name.
      layers.push(
        layerSchema.parse({
          id: 'no',
          type: 'text',
          text: 'NO.',
          fontFamily: 'Anton',
          fontSize: 100,
          fill: '#ffffff',
          width: width * 0.9,
          height: 110,
          x: cx,
          y: cy,
        }),
      );
      layers.push(
        layerSchema.parse({
          id: 'name',
          type: 'text',
          text: '姓名',
          fontFamily: 'Noto Sans SC',
          fontSize: 40,
          fill: '#ffffff',
          width: width * 0.9,
          height: 50,
          x: cx,
          y: y + height * 0.18,
        }),
      );
    } else if (i % 3 !== 0 || !mat) {
      const text = i % 2 === 0 ? NAMES[i % NAMES.length]! : SLOGANS[i % SLOGANS.length]!;
      designText = text;
      const size = Math.max(12, Math.min(100, Math.round(width / Math.max(4, text.length) / 2) * 2));
      layers.push(
        layerSchema.parse({
          id: 'txt',
          type: 'text',
          text,
          fontFamily: /[A-Z]/.test(text) ? (i % 2 ? 'Oswald' : 'Anton') : 'ZCOOL KuaiLe',
          fontSize: size,
          // Designed for the parent colour, as a seller would: light text on dark blanks.
          fill: (isDark(parent.color_code) ? ['#ffffff', '#ffd166', '#a8dadc', '#f4a261'] : ['#1d3557', '#e63946', '#2a9d8f', '#6d597a'])[
            i % 4
          ]!,
          width: width * 0.9,
          height: size * 1.4,
          x: cx,
          y: y + height * 0.82,
        }),
      );
    }
    const design: DesignDocument = { version: 1, areas: [{ id: area.id, background: '', layers }] };
    const made_ = await deps.synthesis.create(callerOf(owner), {
      product_id: product.id,
      attr_id: parent.id,
      extends: JSON.stringify(design),
      source_ids: mat ? String(mat.id) : '',
      is_online: 0,
    });
    // The export name on the row and on every variant, as the edit drawer's 导出名称 sets it.
    const exportName = demoExportName(isJersey ? 'jersey' : product.code, designText, Math.floor(i / products.length));
    await db.updateTable('finished_attr').set({ export_name: exportName }).where('finished_id', '=', made_.id).execute();
    await db.updateTable('finished').set({ export_name: exportName }).where('id', '=', made_.id).execute();
    made++;
  }
  deps.log(`Demo finished products: ${made} created; their images compose in the background`);
  return made;
}
