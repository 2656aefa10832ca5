import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The member's slips, newest first, one page, and how many there are in all. */
export async function slipPage(db: Kysely<DB>, memberId: number, page: number, limit: number) {
  const mine = db.selectFrom('slips').where('member_id', '=', memberId);
  const { total } = await mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await mine
    .select(['reference', 'status', 'note', 'amount', 'currency', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total: Number(total), rows };
}

/** The reference of one of the member's own slips; undefined for another member's or an unknown one. */
export async function ownSlipReference(db: Kysely<DB>, memberId: number, reference: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('slips')
    .select('reference')
    .where('reference', '=', reference)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.reference;
}

/** The stored file's name of a slip, whoever's (the caller checked a signed link). */
export async function slipFileName(db: Kysely<DB>, reference: string): Promise<string | undefined> {
  const row = await db.selectFrom('slips').select('file_name').where('reference', '=', reference).executeTakeFirst();
  return row?.file_name;
}
