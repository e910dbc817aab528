import type { Kysely, Transaction } from 'kysely';
import type { BodyOf, ChildRow, FinishedAttr, FinishedDetail, Lang, routes } from '@app/contract';
import type { Database } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { CartService } from '../cart/service.js';
import { designHash, newKeyId, newTaskId } from './repo.js';
import type { ListQuery } from './list/list.js';
import type { ListReader } from './list/listReader.js';
import type { DialectName } from '../../db/dialect.js';
import type { GroupLookup } from './groupLookup.js';

const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
type Db = Kysely<Database> | Transaction<Database>;

/**
 * The finished-products screen (issue 5; SPEC §2.1–§2.3, §4, §7.1; DOMAIN.md Finished products,
 * Combinations): the list, the edit drawer's detail and save, delete, combine and cancel, filing into
 * groups, remarks, the add-to-cart and re-design variant lists, the batch edit page.
 */
export function createFinishedService(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  groups: GroupLookup;
  cart: CartService;
  /** The list's reads (listReader.ts: on threads of their own on SQLite). */
  lists: ListReader;
  now: () => number;
}) {
  const { db, groups, cart, lists, now } = deps;

  /** Finished rows by id, all in the scope, or the not-found error (nothing is done on a partial match). */
  async function ownedRows(scope: Scope, ids: number[], trx: Db = db) {
    const rows = await trx.selectFrom('finished').selectAll().where(ownedBy(scope, 'owner_id')).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw new AppError(404, 'finishedNotFound');
    return rows;
  }

  /** The products whose variants a row stands for: itself, or a combination's childs. */
  async function membersOf(rowIds: number[], trx: Db = db): Promise<number[]> {
    const childs = await trx.selectFrom('finished').select(['id', 'combined_into']).where('combined_into', 'in', rowIds).execute();
    const combos = new Set(childs.map((c) => c.combined_into));
    return [...rowIds.filter((id) => !combos.has(id)), ...childs.map((c) => c.id)];
  }

  const attrColumns = [
    'finished_attr.id',
    'finished_attr.key_id',
    'finished_attr.finished_id',
    'finished_attr.sku_id',
    'finished_attr.size',
    'finished_attr.export_name',
    'finished_attr.material_img_name',
    'finished_attr.keyword',
    'finished_attr.material_color',
    'finished_attr.price',
    'finished_attr.as_parent',
    'finished_attr.img_urls',
    'finished_attr.child_id',
    'finished_child.color',
    'finished_child.img_urls as child_img_urls',
  ] as const;

  function attrsOf(finishedIds: number[], trx: Db = db) {
    return trx
      .selectFrom('finished_attr')
      .innerJoin('finished_child', 'finished_child.id', 'finished_attr.child_id')
      .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
      .select([...attrColumns, 'finished.product_id', 'finished.key_id as finished_key_id', 'finished.combo_sort'])
      .where('finished_attr.finished_id', 'in', finishedIds.length ? finishedIds : [-1])
      .orderBy('finished.combo_sort')
      .orderBy('finished_attr.finished_id')
      .orderBy('finished_child.sort')
      .orderBy('finished_attr.sort')
      .execute();
  }
  type AttrRow = Awaited<ReturnType<typeof attrsOf>>[number];

  /** A variant's images: its size's own, else its colour's. */
  const attrImages = (a: AttrRow) => {
    const own = json<string[]>(a.img_urls, []);
    return own.length ? own : json<string[]>(a.child_img_urls, []);
  };
  const attrView = (a: AttrRow): FinishedAttr => {
    const img_urls = attrImages(a);
    return {
      id: a.id,
      key_id: a.key_id,
      finished_id: a.finished_id,
      sku_id: a.sku_id,
      color: a.color,
      size: a.size,
      export_name: a.export_name,
      material_img_name: a.material_img_name,
      keyword: a.keyword,
      material_color: a.material_color,
      price: Number(a.price),
      as_parent: a.as_parent,
      img_urls,
      thumb: img_urls[0] ?? '',
    };
  };
  const childRowView = (a: AttrRow): ChildRow => ({
    id: a.id,
    key_id: a.key_id,
    finished_id: a.finished_id,
    finished_key_id: a.finished_key_id,
    product_id: a.product_id,
    sku_id: a.sku_id,
    color: a.color,
    size: a.size,
    price: Number(a.price),
    thumb: attrImages(a)[0] ?? '',
    as_parent: a.as_parent,
  });

  // ── Detail and editing ───────────────────────────────────────────────────────────────────────────

  async function detail(caller: Caller, id: number): Promise<FinishedDetail> {
    const [row] = await ownedRows(caller.scope, [id]);
    const members = await membersOf([row!.id]);
    const attrs = await attrsOf(members);
    // SPEC §8: a product whose images are not composed yet cannot be edited: 未完全生成.
    if (attrs.length === 0 || (row!.status !== 'ready' && json<string[]>(row!.img_urls, []).length === 0))
      throw new AppError(409, 'detailNotReady');
    const children = new Map<number, FinishedDetail['child_info'][number]>();
    for (const a of attrs) {
      let child = children.get(a.child_id);
      if (!child) {
        child = {
          id: a.child_id,
          key_id: '',
          finished_id: a.finished_id,
          color: a.color,
          material: '',
          img_urls: json(a.child_img_urls, []),
          attrs: [],
        };
        children.set(a.child_id, child);
      }
      child.attrs.push(attrView(a));
    }
    const childRows = await db
      .selectFrom('finished_child')
      .select(['id', 'key_id', 'material'])
      .where('id', 'in', [...children.keys()])
      .execute();
    for (const c of childRows) Object.assign(children.get(c.id)!, { key_id: c.key_id, material: c.material });
    // A combination's parent variant is its parent child's (DOMAIN.md Combinations).
    const parentProduct =
      row!.child_count > 0
        ? ((
            await db
              .selectFrom('finished')
              .select('id')
              .where('combined_into', '=', row!.id)
              .where('combo_as_parent', '=', 1)
              .executeTakeFirst()
          )?.id ?? members[0])
        : row!.id;
    const parent = attrs.find((a) => a.as_parent === 1 && a.finished_id === parentProduct);
    return {
      id: row!.id,
      key_id: row!.key_id,
      combine_rule: row!.combine_rule,
      parent_info: {
        id: parent?.id ?? 0,
        key_id: parent?.key_id ?? row!.key_id,
        export_name: parent?.export_name ?? row!.export_name,
        material_img_name: parent?.material_img_name ?? row!.material_img_name,
        material: row!.material,
        material_color: parent?.material_color ?? row!.material_color,
        keyword: parent?.keyword ?? row!.keyword,
        img_urls: parent ? attrImages(parent) : json(row!.img_urls, []),
      },
      child_info: [...children.values()],
    };
  }

  async function update(caller: Caller, list: BodyOf<typeof routes.updateFinished>['list'], opts: { renames: boolean }) {
    const ids = [...new Set(list.map((u) => Number(u.id)))];
    if (ids.length !== list.length) throw new AppError(400, 'invalidParameters', {}, 'each variant once');
    return db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('finished_attr')
        .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
        .select(['finished_attr.id', 'finished_attr.finished_id'])
        .where(ownedBy(caller.scope, 'finished.owner_id'))
        .where('finished_attr.id', 'in', ids)
        .execute();
      if (found.length !== ids.length) throw new AppError(404, 'variantNotFound');
      const finishedIds = [...new Set(found.map((f) => f.finished_id))];
      const byId = new Map((await attrsOf(finishedIds, trx)).map((a) => [a.id, a]));

      // Renames first, checked against the values they would produce (SPEC §5: 已经存在相同的sku属性值).
      if (opts.renames) await applyRenames(trx, list, byId);

      for (const u of list) {
        const set: Partial<Record<'export_name' | 'material_img_name' | 'keyword' | 'material_color', string>> & { price?: number } = {};
        for (const k of ['export_name', 'material_img_name', 'keyword', 'material_color'] as const) if (u[k] !== undefined) set[k] = u[k];
        if (u.price !== undefined) set.price = Number(u.price);
        if (Object.keys(set).length) await trx.updateTable('finished_attr').set(set).where('id', '=', Number(u.id)).execute();
      }

      // 设为母体 (SPEC §4): exactly one parent per finished product.
      const parents = list.filter((u) => Number(u.as_parent ?? u.is_parent ?? 0) === 1).map((u) => Number(u.id));
      const perProduct = new Map<number, number>();
      for (const p of parents) {
        const fid = byId.get(p)!.finished_id;
        if (perProduct.has(fid)) throw new AppError(400, 'oneParentOnly');
        perProduct.set(fid, p);
      }
      for (const [fid, attrId] of perProduct) {
        await trx.updateTable('finished_attr').set({ as_parent: 0 }).where('finished_id', '=', fid).execute();
        await trx.updateTable('finished_attr').set({ as_parent: 1 }).where('id', '=', attrId).execute();
      }
      // The row shows its parent variant (DOMAIN.md): copy its names, keyword, colour, size and images.
      for (const fid of finishedIds) await syncParentInfo(trx, fid);
      // In a combination, the child holding the new parent becomes the combination's parent.
      for (const fid of perProduct.keys()) {
        const child = await trx.selectFrom('finished').selectAll().where('id', '=', fid).executeTakeFirstOrThrow();
        if (child.combined_into === null) continue;
        await trx.updateTable('finished').set({ combo_as_parent: 0 }).where('combined_into', '=', child.combined_into).execute();
        await trx.updateTable('finished').set({ combo_as_parent: 1 }).where('id', '=', fid).execute();
      }
      const combos = await trx
        .selectFrom('finished')
        .select('combined_into')
        .distinct()
        .where('id', 'in', finishedIds)
        .where('combined_into', 'is not', null)
        .execute();
      for (const c of combos) await syncComboInfo(trx, c.combined_into!);
      return { updated: list.length };
    });
  }

  async function applyRenames(trx: Db, list: BodyOf<typeof routes.updateFinished>['list'], byId: Map<number, AttrRow>) {
    for (const u of list) {
      const a = byId.get(Number(u.id))!;
      if (u.color !== undefined && u.color !== a.color) {
        const clash = [...byId.values()].some((o) => o.finished_id === a.finished_id && o.child_id !== a.child_id && o.color === u.color);
        if (clash) throw new AppError(409, 'skuDuplicate');
        await trx.updateTable('finished_child').set({ color: u.color }).where('id', '=', a.child_id).execute();
        for (const o of byId.values()) if (o.child_id === a.child_id) o.color = u.color;
      }
      if (u.size !== undefined && u.size !== a.size) {
        const clash = [...byId.values()].some((o) => o.child_id === a.child_id && o.id !== a.id && o.size === u.size);
        if (clash) throw new AppError(409, 'skuDuplicate');
        await trx.updateTable('finished_attr').set({ size: u.size }).where('id', '=', a.id).execute();
        a.size = u.size;
      }
    }
  }

  async function syncParentInfo(trx: Db, finishedId: number) {
    const [parent] = (await attrsOf([finishedId], trx)).filter((a) => a.as_parent === 1);
    if (!parent) return;
    const img_urls = attrImages(parent);
    await trx
      .updateTable('finished')
      .set({
        attr_id: parent.sku_id,
        export_name: parent.export_name,
        material_img_name: parent.material_img_name,
        keyword: parent.keyword,
        material_color: parent.material_color,
        color: parent.color,
        size: parent.size,
        ...(img_urls.length ? { img_urls: JSON.stringify(img_urls), thumb: img_urls[0]! } : {}),
        updated_at: now(),
      })
      .where('id', '=', finishedId)
      .execute();
  }

  /** A combination shows its parent child's names, keyword, colour, size and images. */
  async function syncComboInfo(trx: Db, comboId: number) {
    const p = await trx
      .selectFrom('finished')
      .selectAll()
      .where('combined_into', '=', comboId)
      .where('combo_as_parent', '=', 1)
      .executeTakeFirst();
    if (!p) return;
    await trx
      .updateTable('finished')
      .set({
        attr_id: p.attr_id,
        export_name: p.export_name,
        material_img_name: p.material_img_name,
        keyword: p.keyword,
        material_color: p.material_color,
        color: p.color,
        size: p.size,
        img_urls: p.img_urls,
        thumb: p.thumb,
        updated_at: now(),
      })
      .where('id', '=', comboId)
      .execute();
  }

  // ── Delete ───────────────────────────────────────────────────────────────────────────────────────

  async function del(caller: Caller, ids: number[]) {
    const rows = await ownedRows(caller.scope, ids);
    const members = await db.selectFrom('finished').selectAll().where('combined_into', 'in', ids).execute();
    const all = [...rows, ...members];
    // A locked group protects what is filed in it (SPEC §4, §6): refuse, deleting nothing.
    const locked = await groups.lockedGroupIds([...new Set(all.map((r) => r.owner_id))]);
    if (all.some((r) => locked.has(r.group_id))) throw new AppError(409, 'groupLockedDelete');
    const allIds = all.map((r) => r.id);
    return db.transaction().execute(async (trx) => {
      await trx.deleteFrom('finished_attr').where('finished_id', 'in', allIds).execute();
      await trx.deleteFrom('finished_child').where('finished_id', 'in', allIds).execute();
      await trx.deleteFrom('finished').where('id', 'in', allIds).execute();
      return { deleted: rows.length };
    });
  }

  // ── Combinations (DOMAIN.md) ─────────────────────────────────────────────────────────────────────

  async function setGroup(caller: Caller, ids: number[]) {
    return db.transaction().execute(async (trx) => {
      const selected = await ownedRows(caller.scope, ids, trx);
      const order = new Map(ids.map((id, i) => [id, i]));
      selected.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      const dissolved = selected.filter((r) => r.child_count > 0);
      const flattened = dissolved.length
        ? await trx
            .selectFrom('finished')
            .selectAll()
            .where(
              'combined_into',
              'in',
              dissolved.map((d) => d.id),
            )
            .orderBy('combo_sort')
            .execute()
        : [];
      const childs = selected.flatMap((r) => (r.child_count > 0 ? flattened.filter((c) => c.combined_into === r.id) : [r]));
      if (childs.length < 2) throw new AppError(400, 'combineNeedsTwo');
      if (new Set(childs.map((c) => c.owner_id)).size > 1) throw new AppError(400, 'combineOneAccount');
      if (childs.some((c) => json<string[]>(c.img_urls, []).length === 0)) throw new AppError(409, 'combineNotReady');

      // The parent child: the first combination's parent when one is flattened, else the first selected.
      const parent = childs.find((c) => c.combo_as_parent === 1) ?? childs[0]!;
      const type = new Set(childs.map((c) => c.design_hash)).size === 1 ? 2 : 1;
      const t = now();
      const combo = await trx
        .insertInto('finished')
        .values({
          owner_id: parent.owner_id,
          key_id: await freeKeyId(trx, t),
          task_id: newTaskId(t),
          product_id: parent.product_id,
          attr_id: parent.attr_id,
          product_name: parent.product_name,
          cid: parent.cid,
          cate_name: parent.cate_name,
          export_name: parent.export_name,
          material_img_name: parent.material_img_name,
          keyword: parent.keyword,
          material: parent.material,
          material_color: parent.material_color,
          color: parent.color,
          size: parent.size,
          group_id: parent.group_id,
          combine_rule: '1',
          combine_rule_type: type,
          img_urls: parent.img_urls,
          small_imgs: JSON.stringify(childs.map((c) => c.thumb)),
          thumb: parent.thumb,
          print_urls: parent.print_urls,
          extends: parent.extends,
          layerdata: parent.layerdata,
          source_ids: parent.source_ids,
          design_hash: designHash(parent.extends),
          status: 'ready',
          createtime: Math.floor(t / 1000),
          updated_at: t,
          child_count: childs.length,
        })
        .returning(['id', 'key_id', 'task_id'])
        .executeTakeFirstOrThrow();
      for (const [i, c] of childs.entries())
        await trx
          .updateTable('finished')
          .set({ combined_into: combo.id, combo_as_parent: c.id === parent.id ? 1 : 0, combo_sort: i })
          .where('id', '=', c.id)
          .execute();
      if (dissolved.length)
        await trx
          .deleteFrom('finished')
          .where(
            'id',
            'in',
            dissolved.map((d) => d.id),
          )
          .execute();
      return { ...combo, combine_rule_type: type };
    });
  }

  async function freeKeyId(trx: Db, t: number) {
    for (let i = 0; i < 6; i++) {
      const key = newKeyId(t);
      if (!(await trx.selectFrom('finished').select('id').where('key_id', '=', key).executeTakeFirst())) return key;
    }
    throw new Error('could not draw a free finished number');
  }

  async function cancelGroup(caller: Caller, ids: number[]) {
    return db.transaction().execute(async (trx) => {
      const rows = await ownedRows(caller.scope, ids, trx);
      if (rows.some((r) => r.child_count === 0)) throw new AppError(400, 'notCombination');
      // Every child comes back exactly as it was before combining.
      const returned = await trx
        .updateTable('finished')
        .set({ combined_into: null, combo_as_parent: 0, combo_sort: 0 })
        .where('combined_into', 'in', ids)
        .executeTakeFirst();
      await trx.deleteFrom('finished').where('id', 'in', ids).execute();
      return { returned: Number(returned.numUpdatedRows) };
    });
  }

  // ── Groups, remarks ──────────────────────────────────────────────────────────────────────────────

  async function joinToGroup(caller: Caller, ids: number[], groupId: number) {
    await ownedRows(caller.scope, ids);
    if (groupId !== 0) await groups.assertGroupInScope(caller.scope, groupId);
    const r = await db.updateTable('finished').set({ group_id: groupId, updated_at: now() }).where('id', 'in', ids).executeTakeFirst();
    return { updated: Number(r.numUpdatedRows) };
  }

  async function addRemark(caller: Caller, id: number, remark: string) {
    await ownedRows(caller.scope, [id]);
    await db.updateTable('finished').set({ remark, updated_at: now() }).where('id', '=', id).execute();
    return { id, remark };
  }

  // ── Variant lists (add to cart, re-design), cart ─────────────────────────────────────────────────

  async function variants(caller: Caller, id: number, keywords?: string) {
    const [row] = await ownedRows(caller.scope, [id]);
    let list = (await attrsOf(await membersOf([row!.id]))).map(childRowView);
    const words = (keywords ?? '')
      .toLowerCase()
      .split(/[\s,，]+/)
      .filter(Boolean);
    if (words.length)
      // A number matches by any part of it; a colour or a size by the whole word ("S" is not "XS").
      list = list.filter((r) =>
        words.every((w) => r.key_id.toLowerCase().includes(w) || [r.color, r.size].some((f) => f.toLowerCase() === w)),
      );
    return { list };
  }

  async function addToCarts(caller: Caller, attrId: number, num: number) {
    const a = await db
      .selectFrom('finished_attr')
      .innerJoin('finished', 'finished.id', 'finished_attr.finished_id')
      .select([
        'finished_attr.sku_id',
        'finished_attr.extends as own',
        'finished.product_id',
        'finished.extends',
        'finished.source_ids',
        'finished.layerdata',
      ])
      .where(ownedBy(caller.scope, 'finished.owner_id'))
      .where('finished_attr.id', '=', attrId)
      .executeTakeFirst();
    if (!a) throw new AppError(404, 'variantNotFound');
    const design = a.own ?? a.extends;
    return cart.add(caller, {
      product_id: a.product_id,
      attr_id: a.sku_id,
      num,
      extends: design,
      source_ids: a.source_ids,
      layerlogs: a.own ?? a.layerdata,
    });
  }

  // ── Batch edit page ──────────────────────────────────────────────────────────────────────────────

  async function batchEditPage(caller: Caller, ids: number[]) {
    const rows = await ownedRows(caller.scope, ids);
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const list = [];
    for (const r of rows) {
      const attrs = (await attrsOf(await membersOf([r.id]))).map(attrView);
      list.push({ id: r.id, key_id: r.key_id, product_name: r.product_name, thumb: r.thumb, attrs });
    }
    return { list };
  }

  return {
    list: (caller: Caller, q: ListQuery, lang: Lang) => lists.list(caller, q, lang),
    detail,
    update,
    del,
    setGroup,
    cancelGroup,
    joinToGroup,
    addRemark,
    variants,
    addToCarts,
    batchEditPage,
  };
}
export type FinishedService = ReturnType<typeof createFinishedService>;
