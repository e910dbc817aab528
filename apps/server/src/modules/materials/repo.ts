import type { Insertable, Kysely } from 'kysely';
import { transactional } from '../../db/transactional.js';
import type { Database, MaterialTable } from '../../db/schema.js';
import { ownedBy, type Scope } from '../../db/scope.js';
import { containsText } from '../../db/text.js';

const materialColumns = [
  'id',
  'owner_id',
  'fid',
  'name',
  'level',
  'format',
  'width',
  'height',
  'bytes',
  'sha256',
  'image_key',
  'thumb_key',
  'thumb1200_key',
  'created_at',
] as const;
const folderColumns = ['id', 'owner_id', 'pid', 'title', 'sort'] as const;

export interface MaterialSearch {
  ownerId: number;
  /** Folder ids to search in; undefined = every folder. */
  fids?: number[];
  name?: string;
  /** Every one of these must be present (AND). */
  keywords: string[];
  limit: number;
  offset: number;
}

/** Queries of the material library; rules (scope choice, validation) live in the service. */
function materialQueries(db: Kysely<Database>) {
  return {
    materialsInScope: (scope: Scope, ids: number[]) =>
      db.selectFrom('material').select(materialColumns).where(ownedBy(scope, 'owner_id')).where('id', 'in', ids).execute(),

    /** The names of these materials owned by these accounts, by id (synthesis names a design's materials). */
    async namesOf(ownerIds: readonly number[], ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0 || ownerIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('material')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .where('owner_id', 'in', [...ownerIds])
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** An owner's stored copies of a picture (by the re-encoded image's hash), for dedupe; never exposed. */
    copiesOf: (ownerId: number, sha256: string) =>
      db
        .selectFrom('material')
        .select(['image_key', 'thumb_key', 'thumb1200_key', 'original_key', 'original_sha256'])
        .where('owner_id', '=', ownerId)
        .where('sha256', '=', sha256)
        .orderBy('id', 'desc')
        .limit(20)
        .execute(),

    hasMaterials: async (ownerId: number) =>
      (await db.selectFrom('material').select('id').where('owner_id', '=', ownerId).limit(1).executeTakeFirst()) !== undefined,

    search: async (s: MaterialSearch) => {
      let q = db.selectFrom('material').where('owner_id', '=', s.ownerId);
      if (s.fids) q = q.where('fid', 'in', s.fids);
      // Plain contains-search on the owner's rows (lower() on both sides: PostgreSQL's LIKE is case-sensitive).
      if (s.name) q = q.where(containsText('name', s.name));
      if (s.keywords.length > 0) {
        q = q.where('id', 'in', (eb) =>
          eb
            .selectFrom('material_keyword')
            .select('material_id')
            .where('owner_id', '=', s.ownerId)
            .where('keyword', 'in', s.keywords)
            .groupBy('material_id')
            .having((h) => h.fn.countAll(), '=', s.keywords.length),
        );
      }
      const [{ n }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        q.select(materialColumns).orderBy('id', 'desc').limit(s.limit).offset(s.offset).execute(),
      ]);
      return { total: n, rows };
    },

    keywordsOf: async (materialIds: number[]) => {
      if (materialIds.length === 0) return [];
      return db.selectFrom('material_keyword').select(['material_id', 'keyword']).where('material_id', 'in', materialIds).execute();
    },

    keywordCounts: async (ownerId: number) =>
      (
        await db
          .selectFrom('material_keyword')
          .select((eb) => ['keyword', eb.fn.countAll<number>().as('count')])
          .where('owner_id', '=', ownerId)
          .groupBy('keyword')
          .execute()
      ).map((r) => ({ keyword: r.keyword, count: r.count })),

    insertMaterial: async (row: Insertable<MaterialTable> & { fid: number; level: number }) =>
      (await db.insertInto('material').values(row).returning('id').executeTakeFirstOrThrow()).id,

    updateMaterial: (id: number, set: { name?: string; fid?: number }) =>
      db.updateTable('material').set(set).where('id', '=', id).execute(),

    setKeywords: async (materialId: number, ownerId: number, keywords: string[]) => {
      await db.deleteFrom('material_keyword').where('material_id', '=', materialId).execute();
      if (keywords.length > 0) {
        await db
          .insertInto('material_keyword')
          .values(keywords.map((keyword) => ({ material_id: materialId, owner_id: ownerId, keyword })))
          .execute();
      }
    },

    deleteMaterials: async (ids: number[]) => {
      await db.deleteFrom('material_keyword').where('material_id', 'in', ids).execute();
      return Number((await db.deleteFrom('material').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
    },

    foldersOf: (ownerId: number) =>
      db.selectFrom('material_folder').select(folderColumns).where('owner_id', '=', ownerId).orderBy('sort').orderBy('id').execute(),

    folderOfOwner: (ownerId: number, id: number) =>
      db.selectFrom('material_folder').select(folderColumns).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst(),

    folderInScope: (scope: Scope, id: number) =>
      db.selectFrom('material_folder').select(folderColumns).where(ownedBy(scope, 'owner_id')).where('id', '=', id).executeTakeFirst(),

    insertFolder: async (row: { owner_id: number; pid: number; title: string; created_at: number }) =>
      (await db.insertInto('material_folder').values(row).returning('id').executeTakeFirstOrThrow()).id,

    updateFolder: (id: number, set: { title?: string; pid?: number }) =>
      db.updateTable('material_folder').set(set).where('id', '=', id).execute(),

    /** Deletes a folder; its materials and subfolders move up to its parent. */
    deleteFolder: async (folder: { id: number; owner_id: number; pid: number }) => {
      await db
        .updateTable('material')
        .set({ fid: folder.pid })
        .where('owner_id', '=', folder.owner_id)
        .where('fid', '=', folder.id)
        .execute();
      await db
        .updateTable('material_folder')
        .set({ pid: folder.pid })
        .where('owner_id', '=', folder.owner_id)
        .where('pid', '=', folder.id)
        .execute();
      await db.deleteFrom('material_folder').where('id', '=', folder.id).execute();
    },

    /** The stored files (the original, else the re-encoded image) of the scope's materials among these ids, by id (the downloads'). */
    filesInScope: (scope: Scope, ids: number[]) =>
      db
        .selectFrom('material')
        .select(['id', 'name', 'image_key', 'original_key'])
        .where(ownedBy(scope, 'owner_id'))
        .where('id', 'in', ids)
        .orderBy('id')
        .execute(),

    accountIdByUsername: async (username: string) =>
      (await db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirst())?.id,
  };
}

/** Built once in services.ts; `inTransaction` runs several queries as one unit of work. */
export const createMaterialRepo = (db: Kysely<Database>) => transactional(db, materialQueries);
export type MaterialRepo = ReturnType<typeof createMaterialRepo>;
export type MaterialRow = Awaited<ReturnType<MaterialRepo['materialsInScope']>>[number];
export type FolderRow = Awaited<ReturnType<MaterialRepo['foldersOf']>>[number];
