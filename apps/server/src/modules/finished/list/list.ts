import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  COMBINE_TYPE_LABELS,
  GROUP_ALL,
  GROUP_NONE,
  SELF_ACCOUNT_ID,
  type FinishedRow,
  type Lang,
  type ParsedQueryOf,
  type routes,
} from '@app/contract';
import type { Database } from '../../../db/schema.js';
import { parseJsonColumn } from '../../../db/json.js';
import { descendantIds } from '../../../db/tree.js';
import { ownedBy, type Scope } from '../../../db/scope.js';
import type { Caller } from '../../../http/auth.js';
import type { GroupLookup } from '../../groups/index.js';
import { TALLY_DAY } from '../../../db/tally.js';
import type { MaterialNameSearch } from './materialNames.js';
import type { DialectName } from '../../../db/dialect.js';
import { containsText } from '../../../db/text.js';
import { JsonBytes } from '../../../http/route.js';

/** A getlist query, its page filled in (the route's defaults). */
export type ListQuery = ParsedQueryOf<typeof routes.finishedList> & { pageNumber: number; pageSize: number };

/** The finished row's own columns a list row carries (docs/api.md#fields, less `extends` and `layerdata`). */
const ROW_COLUMNS = [
  'f.id',
  'f.key_id',
  'f.task_id',
  'f.product_id',
  'f.attr_id',
  'f.product_name',
  'f.cate_name',
  'f.export_name',
  'f.material_img_name',
  'f.keyword',
  'f.material',
  'f.material_color',
  'f.color',
  'f.size',
  'f.remark',
  'f.group_id',
  'f.createtime',
  'f.owner_id',
  'f.order_num',
  'f.combine_rule',
  'f.combine_rule_type',
  'f.img_urls',
  'f.small_imgs',
  'f.thumb',
  'f.is_online',
  'f.status',
  'f.child_count',
] as const;

/** Pages starting this deep are found through the tally (pageStart). */
const DEEP_PAGE_OFFSET = 5000;

/** A category and every category below it (docs/api.md#finished-products: cid includes child categories). */
async function categoryAndDescendants(db: Kysely<Database>, cid: number): Promise<number[]> {
  return descendantIds(await db.selectFrom('category').select(['id', 'pid']).execute(), [cid]);
}

/**
 * The finished-products list (docs/finished.md#the-list, docs/api.md#finished-products): every filter, newest first, with the exact
 * total. Combined childs are not listed (their combination is); rows out of the caller's scope never are.
 */
export function createFinishedList(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  groups: GroupLookup;
  materialNames: MaterialNameSearch;
}) {
  const { db, dialect, groups, materialNames } = deps;

  /** Catalogue products (a small table: the blanks on offer) whose name contains the text (the name search). */
  async function productsNamed(text: string): Promise<number[]> {
    return (await db.selectFrom('product').select('id').where(containsText('name', text)).execute()).map((p) => p.id);
  }

  /** The owner ids a query may read: the scope, narrowed by `userids` (0 = the caller). */
  function owners(caller: Caller, userids: string | undefined): number[] {
    if (!userids) return [...caller.scope.accountIds];
    const wanted = new Set(userids.split(',').map((s) => (Number(s) === SELF_ACCOUNT_ID ? caller.id : Number(s))));
    return caller.scope.accountIds.filter((id) => wanted.has(id));
  }

  async function list(caller: Caller, q: ListQuery, lang: Lang) {
    const ownerIds = owners(caller, q.userids);
    if (ownerIds.length === 0) return { count: 0, list: [] };
    const cids = q.cid !== undefined ? await categoryAndDescendants(db, q.cid) : undefined;
    const groupId = q.group_id ?? GROUP_ALL;
    const groupIds = groupId > 0 ? await groups.descendantIds({ accountIds: ownerIds } satisfies Scope, groupId) : undefined;
    if (groupIds && groupIds.length === 0) return { count: 0, list: [] };

    // Name search goes through the catalogue's products (a small table): the list then filters on product_id.
    const productIds = q.name ? await productsNamed(q.name) : undefined;
    if (productIds && productIds.length === 0) return { count: 0, list: [] };
    // A finished or variant number (FP…-1-2) is resolved to its product first, through its unique index.
    let keyIds: number[] | undefined;
    if (q.key_id) {
      const key = q.key_id;
      const own = await db.selectFrom('finished').select('id').where('key_id', '=', key).execute();
      const variant = await db.selectFrom('finished_attr').select('finished_id as id').where('key_id', '=', key).execute();
      keyIds = [...own, ...variant].map((r) => r.id);
      if (keyIds.length === 0) return { count: 0, list: [] };
    }
    const { start_time: start, end_time: end, combine_rule_type: type, ordered } = q;
    const names = q.material_img_name ? await materialNames.namesContaining(q.material_img_name) : undefined;
    if (names && names.length === 0) return { count: 0, list: [] };
    /** Set once the total is known: whether the name search matches enough rows to walk the list for them. */
    let broadNames = false;

    /** The rows of the list (all filters), optionally within a creation range of its own. */
    const rowsWhere = (range?: { from?: number; to?: number }) => {
      let b = db
        .selectFrom('finished as f')
        .where('f.combined_into', 'is', null)
        .where('f.is_online', '=', 0)
        .where(ownedBy({ accountIds: ownerIds }, 'f.owner_id'));
      if (cids) b = b.where('f.cid', 'in', cids);
      if (groupId === GROUP_NONE) b = b.where('f.group_id', '=', 0);
      if (groupIds) b = b.where('f.group_id', 'in', groupIds);
      if (keyIds) b = b.where('f.id', 'in', keyIds);
      if (q.task_id) b = b.where('f.task_id', '=', q.task_id);
      if (productIds) b = b.where('f.product_id', 'in', productIds);
      if (names) b = b.where(materialNames.rowsNamed(sql.ref('f.material_img_name'), q.material_img_name!, names, broadNames));
      // One bound each way (the tighter): SQLite plans an index range on the first bound it meets.
      const from = Math.max(start ?? -Infinity, range?.from ?? -Infinity);
      const to = Math.min(end ?? Infinity, range?.to ?? Infinity);
      if (from > -Infinity) b = b.where('f.createtime', '>=', from);
      if (to < Infinity) b = b.where('f.createtime', '<=', to);
      if (type !== undefined) b = b.where('f.combine_rule_type', '=', type);
      // Ordered (units in paid orders, docs/orders.md#ordered-units) or not yet: the tallies do not count by it.
      if (ordered !== undefined) b = b.where('f.order_num', ordered === 1 ? '>' : '=', 0);
      return b;
    };
    // Counts and sums come as JS numbers on both dialects (db/dialect.ts reads PostgreSQL's int8 and numeric so).
    const directCount = async (range?: { from?: number; to?: number }) =>
      (
        await rowsWhere(range)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;

    const byDimensions =
      cids !== undefined || groupId === GROUP_NONE || groupIds !== undefined || productIds !== undefined || type !== undefined;
    /**
     * A tally's rows for these filters (only filters the tallies have: owner, product, category, group,
     * type): in all, or per day (per owner and day when no other of those filters is set: far fewer rows).
     */
    const tallyWhere = (per: 'day' | 'all' = 'day') => {
      const table = per === 'all' ? 'finished_tally_total' : byDimensions ? 'finished_tally' : 'finished_tally_owner_day';
      // The tallies share their columns (less the day, or less the dimensions); the builder is typed for the fullest.
      let t = db.selectFrom(table as 'finished_tally').where('owner_id', 'in', ownerIds);
      if (cids) t = t.where('cid', 'in', cids);
      if (groupId === GROUP_NONE) t = t.where('group_id', '=', 0);
      if (groupIds) t = t.where('group_id', 'in', groupIds);
      if (productIds) t = t.where('product_id', 'in', productIds);
      if (type !== undefined) t = t.where('combine_rule_type', '=', type);
      return t;
    };
    const tallied = !keyIds && !q.task_id && !names && ordered === undefined;
    const sum = (eb: ExpressionBuilder<Database, 'finished_tally' | 'finished_name_tally' | 'finished_gram_tally'>) =>
      eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n');
    const onlyNames =
      names &&
      !keyIds &&
      !q.task_id &&
      !cids &&
      groupId === GROUP_ALL &&
      !productIds &&
      type === undefined &&
      ordered === undefined &&
      start === undefined &&
      end === undefined;

    /** The exact total: from the tallies where they can answer (whole days), the rows themselves at the edges. */
    async function total(): Promise<number> {
      if (onlyNames) {
        const gram = materialNames.soleGram(q.material_img_name!);
        if (gram !== undefined) {
          const g = db.selectFrom('finished_gram_tally').where('gram', '=', gram).where('owner_id', 'in', ownerIds);
          return (await g.select(sum).executeTakeFirstOrThrow()).n;
        }
        return materialNames.tallyOfNames(ownerIds, names);
      }
      if (!tallied) return directCount();
      if (start === undefined && end === undefined) {
        return (await tallyWhere('all').select(sum).executeTakeFirstOrThrow()).n;
      }
      const firstDay = start === undefined ? undefined : Math.ceil(start / TALLY_DAY);
      const lastDay = end === undefined ? undefined : Math.floor((end + 1) / TALLY_DAY) - 1;
      if (firstDay !== undefined && lastDay !== undefined && firstDay > lastDay) return directCount();
      let t = tallyWhere();
      if (firstDay !== undefined) t = t.where('day', '>=', firstDay);
      if (lastDay !== undefined) t = t.where('day', '<=', lastDay);
      const days = (await t.select(sum).executeTakeFirstOrThrow()).n;
      const before = firstDay !== undefined && start! < firstDay * TALLY_DAY ? await directCount({ to: firstDay * TALLY_DAY - 1 }) : 0;
      const after = lastDay !== undefined && end! >= (lastDay + 1) * TALLY_DAY ? await directCount({ from: (lastDay + 1) * TALLY_DAY }) : 0;
      return days + before + after;
    }

    /**
     * Where a deep page starts: the tally's days, newest first, say how many rows lie in newer days, so the
     * page query skips those by time instead of walking past them one by one.
     */
    async function pageStart(offset: number): Promise<{ before?: number; offset: number }> {
      if (!tallied || offset < DEEP_PAGE_OFFSET || start !== undefined || end !== undefined) return { offset };
      const days = await tallyWhere()
        .select(['day', (eb) => eb.fn.sum<number>('n').as('n')])
        .groupBy('day')
        .orderBy('day', 'desc')
        .execute();
      let newer = 0;
      for (const { day, n } of days) {
        if (newer + n > offset) return { before: (day + 1) * TALLY_DAY, offset: offset - newer };
        newer += n;
      }
      return { offset };
    }

    const count = await total();
    if (count === 0) return { count, list: [] };
    if (names) {
      // Walk the list in time order, testing each row's name, when that reads fewer rows than fetching every
      // match by name and sorting: the walk reads about (rows up to the page's end) × (listed / matching).
      const listed = (await tallyWhere('all').select(sum).executeTakeFirstOrThrow()).n;
      broadNames = q.pageNumber * q.pageSize * (listed / count) < count;
    }
    const start_ = await pageStart((q.pageNumber - 1) * q.pageSize);
    let pageRows = rowsWhere();
    if (start_.before !== undefined) pageRows = pageRows.where('f.createtime', '<', start_.before);

    const page = pageRows
      .leftJoin('account as a', 'a.id', 'f.owner_id')
      .leftJoin('finished_group as g', 'g.id', 'f.group_id')
      .select([...ROW_COLUMNS, 'a.username', 'g.name as group_name'])
      .orderBy('f.createtime', 'desc')
      .orderBy('f.id', 'desc')
      .limit(q.pageSize)
      .offset(start_.offset);
    if (dialect !== 'sqlite') return { count, list: await rowsView(await page.execute(), lang) };

    // On SQLite the page is written as JSON by SQLite itself, the same rows rowsView makes: building and
    // serializing a 200-row page's objects in JavaScript costs more than the query (README: Benchmarks).
    // As a blob it comes out as its bytes, never a JavaScript string.
    const locked = [...(await groups.lockedGroupIds(ownerIds))];
    const label = (code: 1 | 2 | 3) => COMBINE_TYPE_LABELS[code][lang];
    const fields = ROW_COLUMNS.map((c) => c.slice(2)).filter((c) => !['img_urls', 'small_imgs', 'combine_rule_type'].includes(c));
    const { j } = await db
      .selectFrom(page.as('p'))
      .select(
        sql<Uint8Array>`cast(json_group_array(json_object(
          ${sql.raw(fields.map((c) => `'${c}', p.${c}`).join(', '))},
          'img_urls', json(p.img_urls), 'small_imgs', json(p.small_imgs),
          'username', coalesce(p.username, ''), 'group_name', coalesce(p.group_name, ''),
          'store', coalesce((select group_concat(n, ', ') from (select s.name as n from finished_store fs
            join store s on s.id = fs.store_id where fs.finished_id = p.id order by fs.last_at desc, s.id)), ''),
          'stores', json((select json_group_array(s.name order by fs.last_at desc, s.id) from finished_store fs
            join store s on s.id = fs.store_id where fs.finished_id = p.id)),
          'combine_rule_type', case p.combine_rule_type when 1 then ${label(1)} when 2 then ${label(2)} else ${label(3)} end,
          'combine_rule_type_code', case when p.combine_rule_type in (1, 2) then p.combine_rule_type else 3 end,
          'childs', json(case when p.child_count > 0 then (
            select json_group_array(json_object('id', c.id, 'key_id', c.key_id, 'thumb', c.thumb, 'as_parent', c.combo_as_parent)
              order by c.combo_sort) from finished c where c.combined_into = p.id) else '[]' end),
          'is_locked', case when p.group_id in (select value from json_each(${JSON.stringify(locked)})) then 1 else 0 end
        ) order by p.createtime desc, p.id desc) as blob)`.as('j'),
      )
      .executeTakeFirstOrThrow();
    // SQLite's UTF-8, written into the response as it is (http/route.ts); typed as the rows it holds.
    return { count, list: new JsonBytes(j) as unknown as FinishedRow[] };
  }

  type Selected = {
    id: number;
    owner_id: number;
    group_id: number;
    combine_rule_type: number;
    img_urls: string;
    small_imgs: string;
    username: string | null;
    group_name: string | null;
    child_count: number;
  } & Omit<
    FinishedRow,
    | 'img_urls'
    | 'small_imgs'
    | 'username'
    | 'group_name'
    | 'combine_rule_type'
    | 'combine_rule_type_code'
    | 'childs'
    | 'is_locked'
    | 'store'
    | 'stores'
  >;

  /** List rows as the contract shows them: combinations with their childs, lock flags from the groups. */
  async function rowsView(rows: Selected[], lang: Lang): Promise<FinishedRow[]> {
    const comboIds = rows.filter((r) => r.child_count > 0).map((r) => r.id);
    const childs =
      comboIds.length === 0
        ? []
        : await db
            .selectFrom('finished')
            .select(['id', 'key_id', 'thumb', 'combo_as_parent', 'combined_into'])
            .where('combined_into', 'in', comboIds)
            .orderBy('combo_sort')
            .execute();
    const locked = await groups.lockedGroupIds([...new Set(rows.map((r) => r.owner_id))]);
    // The 店铺 column: the shops each row was exported or published to, newest first (docs/variants.md#the-shop-column).
    const shops =
      rows.length === 0
        ? []
        : await db
            .selectFrom('finished_store as fs')
            .innerJoin('store as s', 's.id', 'fs.store_id')
            .select(['fs.finished_id', 's.name'])
            .where(
              'fs.finished_id',
              'in',
              rows.map((r) => r.id),
            )
            .orderBy('fs.last_at', 'desc')
            .orderBy('s.id')
            .execute();
    return rows.map((r) => {
      const code = (r.combine_rule_type in COMBINE_TYPE_LABELS ? r.combine_rule_type : 3) as 1 | 2 | 3;
      const shopNames = shops.filter((x) => x.finished_id === r.id).map((x) => x.name);
      return {
        ...r,
        username: r.username ?? '',
        group_name: r.group_name ?? '',
        store: shopNames.join(', '),
        stores: shopNames,
        combine_rule_type: COMBINE_TYPE_LABELS[code][lang],
        combine_rule_type_code: code,
        img_urls: parseJsonColumn<string[]>(r.img_urls, []),
        small_imgs: parseJsonColumn<string[]>(r.small_imgs, []),
        childs: childs
          .filter((c) => c.combined_into === r.id)
          .map((c) => ({ id: c.id, key_id: c.key_id, thumb: c.thumb, as_parent: c.combo_as_parent })),
        is_locked: locked.has(r.group_id) ? 1 : 0,
      };
    });
  }

  return { list };
}
