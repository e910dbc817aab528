import type { FinishedDetail, ParsedBodyOf, routes } from '@app/contract';
import { parseJsonColumn } from '../../db/json.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { membersOf, ownedRows } from './members.js';
import type { FinishedQueries, FinishedRepo, VariantRecord } from './repo.js';
import { attrImages, attrView } from './views.js';

type VariantEdits = ParsedBodyOf<typeof routes.updateFinished>['list'];

/**
 * The edit drawer (docs/finished.md, docs/api.md#finished-products): a product's detail, and the save of its
 * variants' names, prices, colours, sizes and parent, which the row (and a combination holding it) then shows.
 */
export function createFinishedEditing(deps: {
  repo: Pick<FinishedRepo, 'rowsInScope' | 'childLinksOf' | 'variantsOfProducts' | 'coloursById' | 'comboParent' | 'inTransaction'>;
  now: () => number;
}) {
  const { repo, now } = deps;

  async function detail(caller: Caller, id: number): Promise<FinishedDetail> {
    const [row] = await ownedRows(repo, caller.scope, [id]);
    const members = await membersOf(repo, row!.id);
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

  async function update(caller: Caller, list: VariantEdits, opts: { renames: boolean }) {
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

  async function applyRenames(r: FinishedQueries, list: VariantEdits, byId: Map<number, VariantRecord>) {
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

  return { detail, update };
}
