import type { ParsedBodyOf, ChildRow, FinishedAttr, FinishedDetail, Lang, routes } from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Scope } from '../../db/scope.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { CartService } from '../cart/index.js';
import { designHash, newTaskId, type FinishedQueries, type FinishedRepo, type VariantRecord } from './repo.js';
import type { ListQuery } from './list/list.js';
import type { ListReader } from './list/listReader.js';
import type { GroupLookup } from '../groups/index.js';

/**
 * The finished-products screen (docs/finished.md, docs/api.md#finished-products, docs/domain.md#finished-products,
 * Combinations): the list, the edit drawer's detail and save, delete, combine and uncombine, filing into
 * custom groups, remarks, the add-to-cart and re-design variant lists, the batch edit page.
 */
export function createFinishedService(deps: {
  repo: FinishedRepo;
  groups: GroupLookup;
  cart: CartService;
  /** The list's reads (list/listReader.ts: on threads of their own on SQLite). */
  lists: ListReader;
  /** The exports module's public copies (docs/security.md#public-image-copies): withdrawn with their products. */
  publicImages: { withdrawProductImages(finishedIds: number[]): Promise<number> };
  now: () => number;
}) {
  const { repo, groups, cart, lists, publicImages, now } = deps;

  /** Finished rows by id, all in the scope, or the not-found error (nothing is done on a partial match). */
  async function ownedRows(scope: Scope, ids: number[], r: FinishedQueries = repo) {
    const rows = await r.rowsInScope(scope, ids);
    if (rows.length !== ids.length) throw new AppError(404, 'finishedNotFound');
    return rows;
  }

  /** The products whose variants each row stands for: itself, or a combination's childs. */
  async function membersByRow(rowIds: number[]): Promise<Map<number, number[]>> {
    const childs = await repo.childLinksOf(rowIds);
    const members = new Map(rowIds.map((id) => [id, [] as number[]]));
    for (const c of childs) members.get(c.combined_into!)!.push(c.id);
    for (const [id, list] of members) if (list.length === 0) list.push(id);
    return members;
  }
  async function membersOf(rowId: number): Promise<number[]> {
    return (await membersByRow([rowId])).get(rowId)!;
  }

  /** A variant's images: its size's own, else its colour's. */
  const attrImages = (a: VariantRecord) => {
    const own = parseJsonColumn<string[]>(a.img_urls, []);
    return own.length ? own : parseJsonColumn<string[]>(a.child_img_urls, []);
  };
  const attrView = (a: VariantRecord): FinishedAttr => {
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
      price: a.price,
      as_parent: a.as_parent,
      img_urls,
      thumb: img_urls[0] ?? '',
    };
  };
  const childRowView = (a: VariantRecord): ChildRow => ({
    id: a.id,
    key_id: a.key_id,
    finished_id: a.finished_id,
    finished_key_id: a.finished_key_id,
    product_id: a.product_id,
    sku_id: a.sku_id,
    color: a.color,
    size: a.size,
    price: a.price,
    thumb: attrImages(a)[0] ?? '',
    as_parent: a.as_parent,
  });

  // ── Detail and editing ───────────────────────────────────────────────────────────────────────────

  async function detail(caller: Caller, id: number): Promise<FinishedDetail> {
    const [row] = await ownedRows(caller.scope, [id]);
    const members = await membersOf(row!.id);
    const attrs = await repo.variantsOfProducts(members);
    // docs/messages.md#errors: a product whose images are not composed yet cannot be edited: 未完全生成.
    if (attrs.length === 0 || (row!.status !== 'ready' && parseJsonColumn<string[]>(row!.img_urls, []).length === 0))
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
          img_urls: parseJsonColumn(a.child_img_urls, []),
          attrs: [],
        };
        children.set(a.child_id, child);
      }
      child.attrs.push(attrView(a));
    }
    for (const c of await repo.coloursById([...children.keys()]))
      Object.assign(children.get(c.id)!, { key_id: c.key_id, material: c.material });
    // A combination's parent variant is its parent child's (docs/domain.md#combinations).
    const parentProduct = row!.child_count > 0 ? ((await repo.comboParent(row!.id))?.id ?? members[0]) : row!.id;
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
        img_urls: parent ? attrImages(parent) : parseJsonColumn(row!.img_urls, []),
      },
      child_info: [...children.values()],
    };
  }

  async function update(caller: Caller, list: ParsedBodyOf<typeof routes.updateFinished>['list'], opts: { renames: boolean }) {
    const ids = [...new Set(list.map((u) => u.id))];
    if (ids.length !== list.length) throw new AppError(400, 'invalidParameters', {}, 'each variant once');
    return repo.inTransaction(async (r) => {
      const found = await r.variantIdsInScope(caller.scope, ids);
      if (found.length !== ids.length) throw new AppError(404, 'variantNotFound');
      const finishedIds = [...new Set(found.map((f) => f.finished_id))];
      const byId = new Map((await r.variantsOfProducts(finishedIds)).map((a) => [a.id, a]));

      // Renames first, checked against the values they would produce (docs/messages.md#validation: 已经存在相同的sku属性值).
      if (opts.renames) await applyRenames(r, list, byId);

      for (const u of list) {
        const set: Partial<Record<'export_name' | 'material_img_name' | 'keyword' | 'material_color', string>> & { price?: number } = {};
        for (const k of ['export_name', 'material_img_name', 'keyword', 'material_color'] as const) if (u[k] !== undefined) set[k] = u[k];
        if (u.price !== undefined) set.price = u.price;
        if (Object.keys(set).length) await r.editVariant(u.id, set);
      }

      // 设为母体 (docs/finished.md#states): exactly one parent per finished product.
      const parents = list.filter((u) => (u.as_parent ?? u.is_parent ?? 0) === 1).map((u) => u.id);
      const perProduct = new Map<number, number>();
      for (const p of parents) {
        const fid = byId.get(p)!.finished_id;
        if (perProduct.has(fid)) throw new AppError(400, 'oneParentOnly');
        perProduct.set(fid, p);
      }
      for (const [fid, attrId] of perProduct) await r.setParentVariant(fid, attrId);
      // The row shows its parent variant (docs/domain.md#finished-products): copy its names, keyword, colour, size and images.
      for (const fid of finishedIds) await syncParentInfo(r, fid);
      // In a combination, the child holding the new parent becomes the combination's parent.
      for (const fid of perProduct.keys()) {
        const child = await r.byId(fid);
        if (!child) throw new Error(`finished product ${fid} vanished within its transaction`);
        if (child.combined_into === null) continue;
        await r.setComboParent(child.combined_into, fid);
      }
      for (const comboId of await r.combinationsHolding(finishedIds)) await syncComboInfo(r, comboId);
      return { updated: list.length };
    });
  }

  async function applyRenames(
    r: FinishedQueries,
    list: ParsedBodyOf<typeof routes.updateFinished>['list'],
    byId: Map<number, VariantRecord>,
  ) {
    for (const u of list) {
      const a = byId.get(u.id)!;
      if (u.color !== undefined && u.color !== a.color) {
        const clash = [...byId.values()].some((o) => o.finished_id === a.finished_id && o.child_id !== a.child_id && o.color === u.color);
        if (clash) throw new AppError(409, 'skuDuplicate');
        await r.renameColour(a.child_id, u.color);
        for (const o of byId.values()) if (o.child_id === a.child_id) o.color = u.color;
      }
      if (u.size !== undefined && u.size !== a.size) {
        const clash = [...byId.values()].some((o) => o.child_id === a.child_id && o.id !== a.id && o.size === u.size);
        if (clash) throw new AppError(409, 'skuDuplicate');
        await r.renameSize(a.id, u.size);
        a.size = u.size;
      }
    }
  }

  async function syncParentInfo(r: FinishedQueries, finishedId: number) {
    const [parent] = (await r.variantsOfProducts([finishedId])).filter((a) => a.as_parent === 1);
    if (!parent) return;
    const img_urls = attrImages(parent);
    await r.updateRows([finishedId], {
      attr_id: parent.sku_id,
      export_name: parent.export_name,
      material_img_name: parent.material_img_name,
      keyword: parent.keyword,
      material_color: parent.material_color,
      color: parent.color,
      size: parent.size,
      ...(img_urls.length ? { img_urls: JSON.stringify(img_urls), thumb: img_urls[0]! } : {}),
      updated_at: now(),
    });
  }

  /** A combination shows its parent child's names, keyword, colour, size and images. */
  async function syncComboInfo(r: FinishedQueries, comboId: number) {
    const p = await r.comboParent(comboId);
    if (!p) return;
    await r.updateRows([comboId], {
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
    });
  }

  // ── Delete ───────────────────────────────────────────────────────────────────────────────────────

  async function del(caller: Caller, ids: number[]) {
    const rows = await ownedRows(caller.scope, ids);
    const members = await repo.childsOf(ids);
    const all = [...rows, ...members];
    // A locked group protects what is filed in it (docs/domain.md#accounts-and-scope): refuse, deleting nothing.
    const locked = await groups.lockedGroupIds([...new Set(all.map((r) => r.owner_id))]);
    if (all.some((r) => locked.has(r.group_id))) throw new AppError(409, 'groupLockedDelete');
    await repo.removeProducts(all.map((r) => r.id));
    // Their public copies go too, but for those another live product's export still uses.
    await publicImages.withdrawProductImages(all.map((r) => r.id));
    return { deleted: rows.length };
  }

  /**
   * The seller withdraws products' public copies (docs/security.md#public-image-copies): every export's use of
   * them ends (a combination's are its childs', which its exports write), and a copy no other product's export
   * uses answers 404 from now on. A later export publishes them again.
   */
  async function withdrawPublicImages(caller: Caller, ids: number[]) {
    await ownedRows(caller.scope, ids);
    const members = [...(await membersByRow(ids)).values()].flat();
    return { withdrawn: await publicImages.withdrawProductImages([...new Set([...ids, ...members])]) };
  }

  // ── Combinations (docs/domain.md#combinations) ─────────────────────────────────────────────────────────────────────

  async function combine(caller: Caller, ids: number[]) {
    return repo.inTransaction(async (r) => {
      const selected = await ownedRows(caller.scope, ids, r);
      const order = new Map(ids.map((id, i) => [id, i]));
      selected.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      const dissolved = selected.filter((r) => r.child_count > 0);
      const flattened = dissolved.length ? await r.childsOf(dissolved.map((d) => d.id)) : [];
      const childs = selected.flatMap((s) => (s.child_count > 0 ? flattened.filter((c) => c.combined_into === s.id) : [s]));
      if (childs.length < 2) throw new AppError(400, 'combineNeedsTwo');
      if (new Set(childs.map((c) => c.owner_id)).size > 1) throw new AppError(400, 'combineOneAccount');
      if (childs.some((c) => parseJsonColumn<string[]>(c.img_urls, []).length === 0)) throw new AppError(409, 'combineNotReady');

      // The parent child: the first combination's parent when one is flattened, else the first selected.
      const parent = childs.find((c) => c.combo_as_parent === 1) ?? childs[0]!;
      const type = new Set(childs.map((c) => c.design_hash)).size === 1 ? 2 : 1;
      const t = now();
      const combo = await r.insertCombination(
        {
          owner_id: parent.owner_id,
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
        },
        t,
      );
      for (const [i, c] of childs.entries()) await r.fileIntoCombination(c.id, combo.id, c.id === parent.id, i);
      // A combination combined again is flattened into the new one: its childs moved, its row goes.
      if (dissolved.length) await r.removeCombinations(dissolved.map((d) => d.id));
      return { ...combo, combine_rule_type: type };
    });
  }

  async function uncombine(caller: Caller, ids: number[]) {
    return repo.inTransaction(async (r) => {
      const rows = await ownedRows(caller.scope, ids, r);
      if (rows.some((row) => row.child_count === 0)) throw new AppError(400, 'notCombination');
      // Every child comes back exactly as it was before combining.
      const returned = await r.releaseChilds(ids);
      await r.removeCombinations(ids);
      return { returned };
    });
  }

  // ── Custom groups, remarks ───────────────────────────────────────────────────────────────────────

  async function joinToGroup(caller: Caller, ids: number[], groupId: number) {
    const rows = await ownedRows(caller.scope, ids);
    if (groupId !== 0) await groups.assertGroupInScope(caller.scope, groupId);
    // A lock protects membership too (docs/domain.md#groups): taking a product out of a locked group, or
    // one under it, would let it be deleted; refused as a whole, nothing moved.
    const moving = rows.filter((r) => r.group_id !== groupId);
    const locked = moving.length ? await groups.lockedGroupIds([...new Set(moving.map((r) => r.owner_id))]) : new Set<number>();
    if (moving.some((r) => locked.has(r.group_id))) throw new AppError(409, 'groupLockedMove');
    return { updated: await repo.updateRows(ids, { group_id: groupId, updated_at: now() }) };
  }

  async function addRemark(caller: Caller, id: number, remark: string) {
    await ownedRows(caller.scope, [id]);
    await repo.updateRows([id], { remark, updated_at: now() });
    return { id, remark };
  }

  // ── Variant lists (add to cart, re-design), cart ─────────────────────────────────────────────────

  async function variants(caller: Caller, id: number, keywords?: string) {
    const [row] = await ownedRows(caller.scope, [id]);
    let list = (await repo.variantsOfProducts(await membersOf(row!.id))).map(childRowView);
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
    const a = await repo.variantDesignInScope(caller.scope, attrId);
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
    // Every row's variants in one read, then shared out (a combination's are its childs').
    const members = await membersByRow(ids);
    const attrs = await repo.variantsOfProducts([...new Set([...members.values()].flat())]);
    const list = rows.map((r) => {
      const mine = new Set(members.get(r.id));
      return {
        id: r.id,
        key_id: r.key_id,
        product_name: r.product_name,
        thumb: r.thumb,
        attrs: attrs.filter((a) => mine.has(a.finished_id)).map(attrView),
      };
    });
    return { list };
  }

  return {
    list: (caller: Caller, q: ListQuery, lang: Lang) => lists.list(caller, q, lang),
    detail,
    update,
    del,
    withdrawPublicImages,
    combine,
    uncombine,
    joinToGroup,
    addRemark,
    variants,
    addToCarts,
    batchEditPage,
  };
}
export type FinishedService = ReturnType<typeof createFinishedService>;
