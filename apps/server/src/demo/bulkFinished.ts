import type { Kysely, Selectable } from 'kysely';
import type { Database, FinishedAttrTable, FinishedChildTable, FinishedTable } from '../db/schema.js';
import type { DialectName } from '../db/dialect.js';
import { createTallyTriggers, dropTallyTriggers, rebuildTally } from '../db/tally.js';

/**
 * Bulk finished products for benchmarks (`npm run seed:large`, `bench:download`): copies of composed
 * finished products (their images reused, nothing composed), spread over owners, groups, categories,
 * material names and a year of creation times. Each copy keeps at most `colors` colours × `sizes` sizes
 * of its template's variants, so a million products stay a few million rows.
 */
export interface BulkOptions {
  count: number;
  /** The tallies' triggers are set aside during the load and the tallies counted afresh after it. */
  dialect: DialectName;
  ownerIds: number[];
  /** Groups to file a share of the copies into, per owner. */
  groupIds?: Map<number, number[]>;
  colors?: number;
  sizes?: number;
  /** Newest creation time (seconds); copies spread a year back from it. */
  now: number;
  batch?: number;
  log?: (line: string) => void;
}

/** Words material names are made of, Chinese and English, so contains-searches find realistic shares. */
const NAME_PARTS = [
  ['夏日', '复古', '国潮', '卡通', '极简', '星空', '山海', '城市', '海浪', '樱花', 'Retro', 'Summer', 'Neon', 'Vintage', 'Ocean'],
  ['猫咪', '熊猫', '字母', '花卉', '风景', '几何', '徽章', '标语', '涂鸦', '条纹', 'Cat', 'Logo', 'Wave', 'Flower', 'Star'],
  ['图案', '印花', '插画', '卫衣', 'T恤', '贴纸', 'Print', 'Art', 'Pattern', 'Design', 'Badge'],
];
/** How many distinct materials the copies are made from (a large seller's material library). */
const MATERIALS = 20_000;

function materialName(i: number): string {
  const [a, b, c] = NAME_PARTS;
  const m = i % MATERIALS;
  // Deterministic spread: every combination appears, a number keeps names distinct.
  return `${a![m % a!.length]}${b![Math.floor(m / 7) % b!.length]}${c![Math.floor(m / 53) % c!.length]}-${m}`;
}

export async function bulkInsertFinished(db: Kysely<Database>, opts: BulkOptions): Promise<{ ids: number[] }> {
  const log = opts.log ?? (() => undefined);
  const colors = opts.colors ?? 2;
  const sizes = opts.sizes ?? 3;
  const templates = await db
    .selectFrom('finished')
    .selectAll()
    .where('status', '=', 'ready')
    .where('combined_into', 'is', null)
    .where('child_count', '=', 0)
    .orderBy('id')
    .execute();
  if (templates.length === 0) throw new Error('no composed finished product to copy: start the app once with demo content');
  const children = await db
    .selectFrom('finished_child')
    .selectAll()
    .where(
      'finished_id',
      'in',
      templates.map((t) => t.id),
    )
    .orderBy('sort')
    .execute();
  const attrs = await db
    .selectFrom('finished_attr')
    .selectAll()
    .where(
      'finished_id',
      'in',
      templates.map((t) => t.id),
    )
    .orderBy('sort')
    .execute();
  const shapes = templates.map((t) => {
    const kids = children.filter((c) => c.finished_id === t.id).slice(0, colors);
    return { t, kids: kids.map((k) => ({ k, attrs: attrs.filter((a) => a.child_id === k.id).slice(0, sizes) })) };
  });

  await dropTallyTriggers(db as Kysely<unknown>, opts.dialect);
  try {
    return await insertCopies(db, opts, shapes, log);
  } finally {
    log('  counting the tallies…');
    await rebuildTally(db as Kysely<unknown>, opts.dialect);
    await createTallyTriggers(db as Kysely<unknown>, opts.dialect);
  }
}

type Shapes = {
  t: Selectable<FinishedTable>;
  kids: { k: Selectable<FinishedChildTable>; attrs: Selectable<FinishedAttrTable>[] }[];
}[];

async function insertCopies(db: Kysely<Database>, opts: BulkOptions, shapes: Shapes, log: (line: string) => void) {
  const batch = opts.batch ?? 5000;
  const stamp = `${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const year = 365 * 24 * 3600;
  const ids: number[] = [];
  const started = Date.now();
  for (let from = 0; from < opts.count; from += batch) {
    const n = Math.min(batch, opts.count - from);
    await db.transaction().execute(async (trx) => {
      const rows = [];
      for (let j = 0; j < n; j++) {
        const i = from + j;
        const { t } = shapes[i % shapes.length]!;
        const owner = opts.ownerIds[i % opts.ownerIds.length]!;
        const groups = opts.groupIds?.get(owner) ?? [];
        rows.push({
          ...t,
          id: undefined,
          owner_id: owner,
          key_id: `FP${stamp}${String(i).padStart(8, '0')}`,
          task_id: `TS${stamp}${String(i).padStart(8, '0')}`,
          material_img_name: i % 5 === 4 ? '' : materialName(i),
          remark: '',
          group_id: groups.length && i % 10 < 3 ? groups[i % groups.length]! : 0,
          // Oldest first, so the newest copies are the newest rows, as they would be made.
          createtime: opts.now - Math.floor(((opts.count - i) / opts.count) * year),
          updated_at: Date.now(),
        });
      }
      // Slices keep each statement under SQLite's 32766 bound parameters; ids are matched by number.
      const idOf = new Map<string, number>();
      for (let a = 0; a < rows.length; a += 800) {
        const slice = rows.slice(a, a + 800).map(({ id: _id, ...r }) => r);
        for (const r of await trx.insertInto('finished').values(slice).returning(['id', 'key_id']).execute()) idOf.set(r.key_id, r.id);
      }
      const kidRows = [];
      for (const [j, row] of rows.entries()) {
        const shape = shapes[(from + j) % shapes.length]!;
        for (const [ci, { k }] of shape.kids.entries())
          kidRows.push({
            finished_id: idOf.get(row.key_id)!,
            key_id: `${row.key_id}-${ci + 1}`,
            color: k.color,
            color_code: k.color_code,
            color_en: k.color_en,
            color_family: k.color_family,
            material: k.material,
            img_urls: k.img_urls,
            sort: ci,
          });
      }
      const kidOf = new Map<string, number>();
      for (let a = 0; a < kidRows.length; a += 3000)
        for (const r of await trx
          .insertInto('finished_child')
          .values(kidRows.slice(a, a + 3000))
          .returning(['id', 'key_id'])
          .execute())
          kidOf.set(r.key_id, r.id);
      const attrRows = [];
      for (const [j, row] of rows.entries()) {
        const shape = shapes[(from + j) % shapes.length]!;
        for (const [ci, { attrs: as }] of shape.kids.entries()) {
          for (const [si, a] of as.entries()) {
            const { id: _aid, finished_id: _f, child_id: _c, key_id: _k, ...rest } = a;
            attrRows.push({
              ...rest,
              finished_id: idOf.get(row.key_id)!,
              child_id: kidOf.get(`${row.key_id}-${ci + 1}`)!,
              key_id: `${row.key_id}-${ci + 1}-${si + 1}`,
              extends: null,
              // The row shows its parent variant (docs/domain.md#finished-products): the first kept variant, with the row's material name.
              as_parent: ci === 0 && si === 0 ? 1 : 0,
              material_img_name: row.material_img_name,
            });
          }
        }
      }
      for (let a = 0; a < attrRows.length; a += 1500)
        await trx
          .insertInto('finished_attr')
          .values(attrRows.slice(a, a + 1500))
          .execute();
      ids.push(...rows.map((r) => idOf.get(r.key_id)!));
    });
    if ((from / batch) % 20 === 0 || from + n >= opts.count) {
      const done = from + n;
      log(
        `  ${done.toLocaleString('en')} finished products (${Math.round(done / ((Date.now() - started) / 1000)).toLocaleString('en')}/s)`,
      );
    }
  }
  return { ids };
}
