import type { Kysely } from 'kysely';
import type { PortableMigration } from './helpers.js';

/**
 * "Find it again" (docs/finished.md#material-names): a finished product made from library materials carries their names in material_img_name
 * (synthesis sets them since; before, every row had ''). This fills the rows the old code left empty from
 * their designs, the way synthesis names them: the distinct names of the layers' materials (sourceid), in
 * layer order, joined with '、', only materials of the row owner's family (the owner's top account and its
 * sub-accounts). Its logic is frozen here: it reads the design JSON itself (version 1, and version 0's
 * areas keyed by id) and imports no live code. Plain UPDATEs, so the list's name tallies follow (0007).
 */

const BATCH = 1000;
const SEPARATOR = '、';

/** The material ids a saved design's layers name, in layer order (distinct); none when it cannot be read. */
function sourceIdsOf(text: string | null): number[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!raw || typeof raw !== 'object') return [];
  const doc = raw as { version?: unknown; areas?: unknown };
  // Version 1: { version, areas: [{ layers }] }; version 0: { [areaId]: layers[] }.
  const layerLists: unknown[] = Array.isArray(doc.areas)
    ? doc.areas.map((a) => (a && typeof a === 'object' ? (a as { layers?: unknown }).layers : undefined))
    : doc.version === undefined
      ? Object.values(doc)
      : [];
  const ids = new Set<number>();
  for (const layers of layerLists) {
    if (!Array.isArray(layers)) continue;
    for (const l of layers) {
      const v = l && typeof l === 'object' ? (l as { sourceid?: unknown }).sourceid : undefined;
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n === 'number' && Number.isInteger(n) && n > 0) ids.add(n);
    }
  }
  return [...ids];
}

interface Row {
  id: number;
  owner_id: number;
  extends: string;
}
interface Attr {
  id: number;
  finished_id: number;
  as_parent: number;
  extends: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the database as it was then
type Db = Kysely<any>;

/** Each account's family: its top account (its parent's id, or its own). */
async function familiesOf(db: Db, ownerIds: number[]): Promise<Map<number, number>> {
  const rows = ownerIds.length
    ? ((await db.selectFrom('account').select(['id', 'parent_id']).where('id', 'in', ownerIds).execute()) as {
        id: number;
        parent_id: number | null;
      }[])
    : [];
  return new Map(rows.map((r) => [Number(r.id), Number(r.parent_id ?? r.id)]));
}

/** Sets `column` of `table` to each name on its ids, one UPDATE per distinct name. */
async function setNames(db: Db, table: 'finished' | 'finished_attr', byId: Map<number, string>) {
  const byName = new Map<string, number[]>();
  for (const [id, name] of byId) if (name) byName.set(name, [...(byName.get(name) ?? []), id]);
  for (const [name, ids] of byName)
    await db.updateTable(table).set({ material_img_name: name }).where('id', 'in', ids).where('material_img_name', '=', '').execute();
}

async function fillBatch(db: Db, rows: Row[]) {
  const finishedIds = rows.map((r) => Number(r.id));
  const attrs = (await db
    .selectFrom('finished_attr')
    .select(['id', 'finished_id', 'as_parent', 'extends'])
    .where('finished_id', 'in', finishedIds)
    .where('material_img_name', '=', '')
    .execute()) as Attr[];
  const designOf = new Map(rows.map((r) => [Number(r.id), sourceIdsOf(r.extends)]));
  const attrIds = new Map(
    attrs.map((a) => [Number(a.id), a.extends === null ? designOf.get(Number(a.finished_id))! : sourceIdsOf(a.extends)]),
  );
  const wanted = [...new Set([...designOf.values(), ...attrIds.values()].flat())];
  if (wanted.length === 0) return;
  const materials = new Map<number, { family: number; name: string }>();
  const found = (await db.selectFrom('material').select(['id', 'owner_id', 'name']).where('id', 'in', wanted).execute()) as {
    id: number;
    owner_id: number;
    name: string;
  }[];
  const families = await familiesOf(db, [...new Set([...found.map((m) => Number(m.owner_id)), ...rows.map((r) => Number(r.owner_id))])]);
  for (const m of found) materials.set(Number(m.id), { family: families.get(Number(m.owner_id)) ?? -1, name: m.name });
  const familyOfRow = new Map(rows.map((r) => [Number(r.id), families.get(Number(r.owner_id)) ?? -2]));
  const namesFor = (ids: number[], family: number) =>
    [...new Set(ids.flatMap((id) => (materials.get(id)?.family === family ? [materials.get(id)!.name] : [])))].join(SEPARATOR);

  const attrNames = new Map<number, string>();
  for (const a of attrs) attrNames.set(Number(a.id), namesFor(attrIds.get(Number(a.id))!, familyOfRow.get(Number(a.finished_id))!));
  // The product shows its parent variant's names (as synthesis and the batch edit keep it).
  const rowNames = new Map<number, string>();
  for (const r of rows) rowNames.set(Number(r.id), namesFor(designOf.get(Number(r.id))!, familyOfRow.get(Number(r.id))!));
  for (const a of attrs) if (Number(a.as_parent) === 1) rowNames.set(Number(a.finished_id), attrNames.get(Number(a.id))!);
  await setNames(db, 'finished_attr', attrNames);
  await setNames(db, 'finished', rowNames);
}

export const m0010_material_names: PortableMigration = () => ({
  async up(db: Db) {
    // Products first (a combination has no design of its own), a key range at a time in key order, the
    // filter applied here: every batch costs the same however few rows are left to fill. Only the rows to
    // fill have their designs read.
    for (let last = 0; ;) {
      const range = (await db
        .selectFrom('finished')
        .select(['id', 'material_img_name', 'child_count'])
        .where('id', '>', last)
        .orderBy('id')
        .limit(BATCH)
        .execute()) as { id: number; material_img_name: string; child_count: number }[];
      if (range.length === 0) break;
      last = Number(range[range.length - 1]!.id);
      const empty = range.filter((r) => r.material_img_name === '' && Number(r.child_count) === 0).map((r) => Number(r.id));
      if (empty.length === 0) continue;
      const rows = (await db.selectFrom('finished').select(['id', 'owner_id', 'extends']).where('id', 'in', empty).execute()) as Row[];
      await fillBatch(db, rows);
    }
    // A combination shows its parent child's names (finished/service.ts).
    await db
      .updateTable('finished as c')
      .set((eb) => ({
        material_img_name: eb
          .selectFrom('finished as p')
          .select('p.material_img_name')
          .whereRef('p.combined_into', '=', 'c.id')
          .where('p.combo_as_parent', '=', 1)
          .limit(1),
      }))
      .where('c.child_count', '>', 0)
      .where('c.material_img_name', '=', '')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('finished as p')
            .select('p.id')
            .whereRef('p.combined_into', '=', 'c.id')
            .where('p.combo_as_parent', '=', 1)
            .where('p.material_img_name', '<>', ''),
        ),
      )
      .execute();
  },
  // The names were '' before; which ones this filled is not recorded, and they are true names: kept.
  async down() {},
});
