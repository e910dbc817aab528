import { parseJsonColumn } from '../../db/json.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { ownedRows } from './members.js';
import { designHash, newTaskId, type FinishedRepo } from './repo.js';

/**
 * Combining and uncombining finished products (docs/domain.md#combinations): a combination is a row of its own
 * whose childs point at it, shown as its parent child; combining a combination again flattens it.
 */
export function createCombining(deps: { repo: Pick<FinishedRepo, 'inTransaction'>; now: () => number }) {
  const { repo, now } = deps;

  async function combine(caller: Caller, ids: number[]) {
    return repo.inTransaction(async (r) => {
      const selected = await ownedRows(r, caller.scope, ids);
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
      const rows = await ownedRows(r, caller.scope, ids);
      if (rows.some((row) => row.child_count === 0)) throw new AppError(400, 'notCombination');
      // Every child comes back exactly as it was before combining.
      const returned = await r.releaseChilds(ids);
      await r.removeCombinations(ids);
      return { returned };
    });
  }

  return { combine, uncombine };
}
