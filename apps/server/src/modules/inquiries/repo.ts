import { sql, type Insertable, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, InquiryTable } from '../../db/schema.js';

/** Queries of `inquiry` (docs/mobile.md#inquiries); the rules (what a contact is, the duplicate window) live in the service. */
export function createInquiryRepo(db: Kysely<Database>, dialect: DialectName) {
  return {
    /**
     * Stores an inquiry unless one of the same contact and message was stored at `since` or later: then answers
     * that one's id and stores nothing. One transaction, and on PostgreSQL a lock on the contact for its length, so
     * two identical requests at once (a double tap) store one row; SQLite's one connection runs them in turn.
     */
    addUnlessDuplicate: (row: Insertable<InquiryTable>, since: number) =>
      db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`inquiry:${row.contact}`}))`.execute(trx);
        const found = await trx
          .selectFrom('inquiry')
          .select('id')
          .where('contact', '=', row.contact)
          .where('created_at', '>=', since)
          .where('message', '=', row.message)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (found) return { id: Number(found.id), duplicate: true };
        const { id } = await trx.insertInto('inquiry').values(row).returning('id').executeTakeFirstOrThrow();
        return { id: Number(id), duplicate: false };
      }),

    /** The newest inquiries first, at most `limit` (the operator's list). */
    latest: (limit: number) =>
      db.selectFrom('inquiry').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
  };
}
export type InquiryRepo = ReturnType<typeof createInquiryRepo>;
