import type { Insertable, Kysely } from 'kysely';
import type { Database, NoticeTable } from '../../db/schema.js';

/** Queries of `notice` (docs/mobile.md#notices); the rules (lengths, what a summary is) live in the service. */
export function createNoticeRepo(db: Kysely<Database>) {
  const inForce = () => db.selectFrom('notice').where('retired_at', 'is', null);

  return {
    /**
     * One page of the notices in force, newest first, each with the first `headChars` characters of its text
     * (what its summary is made of: a page never reads whole texts), and how many are in force.
     */
    async page(limit: number, offset: number, headChars: number) {
      const [rows, count] = await Promise.all([
        inForce()
          .select((eb) => ['id', 'title', 'created_at', eb.fn<string>('substr', ['content', eb.lit(1), eb.lit(headChars)]).as('head')])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        inForce()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },

    /** A notice in force, or undefined. */
    inForce: (id: number) => inForce().select(['id', 'title', 'content', 'created_at']).where('id', '=', id).executeTakeFirst(),

    /** A notice whether in force or retired, or undefined. */
    find: (id: number) => db.selectFrom('notice').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Every notice, retired ones too, newest first (the operator's list). */
    all: () => db.selectFrom('notice').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),

    /** Whether the table holds any notice at all, retired ones too. */
    async any(): Promise<boolean> {
      return (await db.selectFrom('notice').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    async insert(row: Insertable<NoticeTable>): Promise<number> {
      const { id } = await db.insertInto('notice').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    /** Retires a notice in force; false when there is none of that id in force. */
    async retire(id: number, at: number): Promise<boolean> {
      const res = await db
        .updateTable('notice')
        .set({ retired_at: at })
        .where('id', '=', id)
        .where('retired_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}
export type NoticeRepo = ReturnType<typeof createNoticeRepo>;
