import type { Kysely } from 'kysely';
import { isMarketplaceCode, MARKETPLACES, STORE_NAME_MAX, type Lang, type Store, type StoreMarketplace } from '@app/contract';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/text.js';
import type { Caller } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { createStoreRepo, type StoreRecord } from './repo.js';

const toStore = (r: StoreRecord): Store => ({
  id: r.id,
  name: r.name,
  pid: r.platform,
  owner_id: r.owner_id,
  username: r.username,
  createtime: r.createtime,
});

/**
 * Shops (SPEC §3 shop, §7.3): each on one marketplace, owned like every owned row (docs/domain.md#accounts-and-scope):
 * a parent lists, renames and deletes its sub-accounts' shops too; a new shop is the caller's. A name is
 * 1–STORE_NAME_MAX characters after trimming and unique per owner and marketplace.
 */
export function createStoreService(deps: { db: Kysely<Database>; now: () => number }) {
  const { db, now } = deps;
  const repo = createStoreRepo(db);
  const seconds = () => Math.floor(now() / 1000);

  function checkPlatform(code: number) {
    if (!isMarketplaceCode(code)) throw new AppError(400, 'storeUnknownPlatform');
  }

  function checkName(raw: string): string {
    const name = raw.trim();
    if (name === '') throw new AppError(400, 'storeNameEmpty');
    // Characters as a seller counts them (an emoji is one), not UTF-16 units.
    if ([...name].length > STORE_NAME_MAX) throw new AppError(400, 'storeNameTooLong', { max: STORE_NAME_MAX });
    return name;
  }

  async function inScope(caller: Caller, id: number): Promise<StoreRecord> {
    const row = await repo.inScope(caller.scope, id);
    if (!row) throw new AppError(404, 'storeNotFound');
    return row;
  }

  const taken = (name: string) => new AppError(409, 'storeNameTaken', { name });

  async function tree(caller: Caller, type: number | undefined, lang: Lang): Promise<{ list: StoreMarketplace[] }> {
    if (type !== undefined) checkPlatform(type);
    const rows = await repo.list(caller.scope, type);
    return {
      list: MARKETPLACES.filter((m) => type === undefined || m.code === type).map((m) => ({
        id: m.code,
        name: m.name[lang],
        stores: rows.filter((r) => r.platform === m.code).map(toStore),
      })),
    };
  }

  async function add(caller: Caller, body: { pid: number | string; name: string }): Promise<Store> {
    const platform = Number(body.pid);
    checkPlatform(platform);
    const name = checkName(body.name);
    if (await repo.nameTaken(caller.id, platform, name)) throw taken(name);
    try {
      const { id } = await repo.insert({ owner_id: caller.id, platform, name, now: seconds() });
      return toStore((await repo.inScope(caller.scope, id))!);
    } catch (e) {
      if (isUniqueViolation(e)) throw taken(name);
      throw e;
    }
  }

  async function rename(caller: Caller, body: { id: number | string; name: string }): Promise<Store> {
    const row = await inScope(caller, Number(body.id));
    const name = checkName(body.name);
    // Unique within the shop's owner (a parent renaming a sub-account's shop checks that account's).
    if (await repo.nameTaken(row.owner_id, row.platform, name, row.id)) throw taken(name);
    try {
      await repo.rename(row.id, name, seconds());
    } catch (e) {
      if (isUniqueViolation(e)) throw taken(name);
      throw e;
    }
    return toStore({ ...row, name });
  }

  async function del(caller: Caller, id: number) {
    const row = await inScope(caller, id);
    // Its product templates go with it, in one transaction (docs/templates.md, "Deleting a shop").
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('product_template').where('store_id', '=', row.id).execute();
      await createStoreRepo(trx).remove(row.id);
    });
    return { id: row.id };
  }

  return { tree, add, rename, del };
}
export type StoreService = ReturnType<typeof createStoreService>;
