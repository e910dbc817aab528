import { sql, type Kysely } from 'kysely';
import { bulkRows } from '../../db/bulkRows.js';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { nextTurn } from '../../eventLoop.js';

/** A copy an export page wrote for one product: the name, the blob it serves, and who it belongs to. */
export interface PublishedCopy {
  name: string;
  blob: string;
  owner_id: number;
  finished_id: number;
}

const CHUNK = 500;
/**
 * Rows of copies written in one statement (bulkRows), a page's (600) at most: the embedded database writes on
 * the API's thread, and each statement is a commit that rewrites the index pages it touches, so fewer, larger
 * statements wrote less (a page in one: a third less time than in statements of 150, the event loop's p99
 * unchanged). The API gets a turn between two.
 */
const RECORD_CHUNK = 600;
const IMAGE_COLUMNS = [
  ['name', 'text'],
  ['blob', 'text'],
  ['owner_id', 'bigint'],
  ['created_at', 'bigint'],
] as const;
const USE_COLUMNS = [
  ['name', 'text'],
  ['export_id', 'bigint'],
  ['finished_id', 'bigint'],
] as const;
const chunks = <T>(list: T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * Queries of the public image copies (docs/security.md#public-image-copies): `public_image` (name → blob)
 * and `public_image_use` (which export wrote it for which product). A name is served while one of its uses
 * is live — its export record and its product both exist (0 stands for "older than uses", always live) — so
 * a deletion that left a use behind (a page written while its export was deleted) still withdraws the copy.
 */
export function publicImageQueries(db: Kysely<Database>, dialect: DialectName) {
  /** Deletes the copies among these names that no use is left for; answers how many. */
  async function dropUnused(names: string[]): Promise<number> {
    let dropped = 0;
    for (const part of chunks([...new Set(names)])) {
      const res = await db
        .deleteFrom('public_image')
        .where('name', 'in', part)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('public_image_use as u').select('u.name').whereRef('u.name', '=', 'public_image.name'))),
        )
        .executeTakeFirst();
      dropped += Number(res.numDeletedRows);
    }
    return dropped;
  }

  return {
    /**
     * Records one page's copies for an export (a name already there keeps serving the same blob: names are
     * stable) and what each was written for.
     */
    async recordPublicImages(exportId: number, copies: PublishedCopy[], at: number) {
      const byName = new Map(copies.map((c) => [c.name, [c.name, c.blob, c.owner_id, at]]));
      for (const part of chunks([...byName.values()], RECORD_CHUNK)) {
        await nextTurn();
        await sql`insert into public_image (name, blob, owner_id, created_at) ${bulkRows(dialect, IMAGE_COLUMNS, part)}
          on conflict (name) do nothing`.execute(db);
      }
      const uses = new Map(copies.map((c) => [`${c.name}\0${c.finished_id}`, [c.name, exportId, c.finished_id]]));
      for (const part of chunks([...uses.values()], RECORD_CHUNK)) {
        await nextTurn();
        await sql`insert into public_image_use (name, export_id, finished_id) ${bulkRows(dialect, USE_COLUMNS, part)}
          on conflict (name, export_id, finished_id) do nothing`.execute(db);
      }
    },

    /** The private blob a name serves, while one of its uses is live. */
    publicImageBlob: async (name: string) =>
      (
        await db
          .selectFrom('public_image')
          .select('blob')
          .where('name', '=', name)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('public_image_use as u')
                .leftJoin('export_record as e', 'e.id', 'u.export_id')
                .leftJoin('finished as f', 'f.id', 'u.finished_id')
                .select('u.name')
                .where('u.name', '=', name)
                .where((w) => w.or([w('u.export_id', '=', 0), w('e.id', 'is not', null)]))
                .where((w) => w.or([w('u.finished_id', '=', 0), w('f.id', 'is not', null)])),
            ),
          )
          .executeTakeFirst()
      )?.blob,

    /** An export record is gone: its uses go, and the copies no other export or product still uses. */
    async withdrawExportImages(exportId: number): Promise<number> {
      const names = await db.selectFrom('public_image_use').select('name').where('export_id', '=', exportId).execute();
      await db.deleteFrom('public_image_use').where('export_id', '=', exportId).execute();
      return dropUnused(names.map((n) => n.name));
    },

    /** These products' copies are withdrawn (deleted, or the seller asked): answers how many copies went. */
    async withdrawProductImages(finishedIds: number[]): Promise<number> {
      const names: string[] = [];
      for (const part of chunks(finishedIds)) {
        const rows = await db.selectFrom('public_image_use').select('name').where('finished_id', 'in', part).execute();
        for (const r of rows) names.push(r.name);
        await db.deleteFrom('public_image_use').where('finished_id', 'in', part).execute();
      }
      return dropUnused(names);
    },
  };
}
