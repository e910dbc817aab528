import type { Lang } from '@app/contract';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { CartService } from '../cart/index.js';
import type { GroupLookup } from '../groups/index.js';
import { createCombining } from './combining.js';
import { createFinishedEditing } from './editing.js';
import { createListingNames } from './listingNames.js';
import type { ListQuery } from './list/list.js';
import type { ListReader } from './list/listReader.js';
import { membersByRow, membersOf, ownedRows } from './members.js';
import { createMobileView } from './mobileView.js';
import type { FinishedRepo } from './repo.js';
import { attrView, childRowView } from './views.js';

/**
 * The finished-products screen (docs/finished.md, docs/api.md#finished-products, docs/domain.md#finished-products,
 * Combinations): the list, the edit drawer's detail and save (editing.ts), delete, combine and uncombine
 * (combining.ts), filing into custom groups, remarks, the add-to-cart and re-design variant lists, the batch edit page.
 */
export function createFinishedService(deps: {
  repo: FinishedRepo;
  groups: GroupLookup;
  cart: CartService;
  /** The list's reads (list/listReader.ts: on threads of their own on SQLite). */
  lists: ListReader;
  /** The exports module's public copies (docs/security.md#public-image-copies): withdrawn with their products. */
  publicImages: { withdrawProductImages(finishedIds: number[]): Promise<number> };
  /** Accounts' offices (the list's office filter, docs/finished.md#the-list). */
  accounts: { namesByIds(ids: readonly number[]): Promise<Map<number, { office_id: number | null }>> };
  /** A stored picture's address (the phone's list shows the blank's). */
  url: (key: string) => string;
  now: () => number;
}) {
  const { repo, groups, cart, lists, publicImages, now } = deps;
  const editing = createFinishedEditing({ repo, now });
  const combining = createCombining({ repo, now });
  const listingNames = createListingNames({ repo, now });
  const withMobileFields = createMobileView({ repo, url: deps.url });

  /**
   * An office filter as the accounts of that office in the caller's scope (within `userids` when given), so the
   * list's reads (on their threads) filter by accounts only; an office with none of them lists nothing.
   */
  async function officeToAccounts(caller: Caller, q: ListQuery): Promise<ListQuery> {
    if (q.office_id === undefined) return q;
    const { office_id: officeId, ...rest } = q;
    const offices = await deps.accounts.namesByIds(caller.scope.accountIds);
    const wanted = q.userids ? new Set(q.userids.split(',').map((u) => (Number(u) === 0 ? caller.id : Number(u)))) : undefined;
    const ids = caller.scope.accountIds.filter((a) => offices.get(a)?.office_id === officeId && (!wanted || wanted.has(a)));
    // No account of the office: an id no account has (the list answers nothing, as for another family's userids).
    return { ...rest, userids: ids.length ? ids.join(',') : '-1' };
  }

  // ── Delete ───────────────────────────────────────────────────────────────────────────────────────

  async function del(caller: Caller, ids: number[]) {
    const rows = await ownedRows(repo, caller.scope, ids);
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

  // ── Custom groups, remarks ───────────────────────────────────────────────────────────────────────

  async function joinToGroup(caller: Caller, ids: number[], groupId: number) {
    const rows = await ownedRows(repo, caller.scope, ids);
    if (groupId !== 0) await groups.assertGroupInScope(caller.scope, groupId);
    // A lock protects membership too (docs/domain.md#groups): taking a product out of a locked group, or
    // one under it, would let it be deleted; refused as a whole, nothing moved.
    const moving = rows.filter((r) => r.group_id !== groupId);
    const locked = moving.length ? await groups.lockedGroupIds([...new Set(moving.map((r) => r.owner_id))]) : new Set<number>();
    if (moving.some((r) => locked.has(r.group_id))) throw new AppError(409, 'groupLockedMove');
    return { updated: await repo.updateRows(ids, { group_id: groupId, updated_at: now() }) };
  }

  /**
   * The seller withdraws products' public copies (docs/security.md#public-image-copies): every export's use of
   * them ends (a combination's are its childs', which its exports write), and a copy no other product's export
   * uses answers 404 from now on. A later export publishes them again.
   */
  async function withdrawPublicImages(caller: Caller, ids: number[]) {
    await ownedRows(repo, caller.scope, ids);
    const members = [...(await membersByRow(repo, ids)).values()].flat();
    return { withdrawn: await publicImages.withdrawProductImages([...new Set([...ids, ...members])]) };
  }

  async function addRemark(caller: Caller, id: number, remark: string) {
    await ownedRows(repo, caller.scope, [id]);
    await repo.updateRows([id], { remark, updated_at: now() });
    return { id, remark };
  }

  // ── Variant lists (add to cart, re-design), cart ─────────────────────────────────────────────────

  async function variants(caller: Caller, id: number, keywords?: string) {
    const [row] = await ownedRows(repo, caller.scope, [id]);
    let list = (await repo.variantsOfProducts(await membersOf(repo, row!.id))).map(childRowView);
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
    return cart.add(
      caller,
      {
        product_id: a.product_id,
        attr_id: a.sku_id,
        num,
        extends: design,
        source_ids: a.source_ids,
        layerlogs: a.own ?? a.layerdata,
      },
      attrId,
    );
  }

  // ── Batch edit page ──────────────────────────────────────────────────────────────────────────────

  async function batchEditPage(caller: Caller, ids: number[]) {
    const rows = await ownedRows(repo, caller.scope, ids);
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    // Every row's variants in one read, then shared out (a combination's are its childs').
    const members = await membersByRow(repo, ids);
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
    list: async (caller: Caller, q: ListQuery, lang: Lang, gone?: AbortSignal) => {
      const page = await lists.list(caller, await officeToAccounts(caller, q), lang, gone);
      return q.view === 'mobile' ? withMobileFields(page) : page;
    },
    detail: editing.detail,
    update: editing.update,
    del,
    withdrawPublicImages,
    combine: combining.combine,
    uncombine: combining.uncombine,
    joinToGroup,
    addRemark,
    variants,
    addToCarts,
    batchEditPage,
    listingNames: listingNames.get,
    setListingNames: listingNames.set,
  };
}
export type FinishedService = ReturnType<typeof createFinishedService>;
