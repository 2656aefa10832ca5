import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { InboxStaff } from '../../../../contract/staff-inbox.js';

/**
 * Which staff members have the inbox open (issue 24). Each server process keeps a row per staff member
 * whose console socket it holds, `online_until` a heartbeat ahead; a process that dies stops renewing and
 * its rows lapse. Online: a row not lapsed, on any instance.
 */
export const PRESENCE_HEARTBEAT_MS = 30_000;
const PRESENCE_TTL_MS = 3 * PRESENCE_HEARTBEAT_MS;

/** This process, as its presence rows name it. */
export const INSTANCE = `${process.pid}-${randomBytes(4).toString('hex')}`;

type Db = Kysely<DB>;

/** Marks these staff members online on this instance until the next heartbeat is overdue. */
export async function markOnline(db: Db, staffIds: number[], now: number): Promise<void> {
  for (const staffId of new Set(staffIds)) {
    await db
      .insertInto('staff_presence')
      .values({ staff_id: staffId, instance: INSTANCE, online_until: now + PRESENCE_TTL_MS })
      .onConflict((oc) => oc.columns(['staff_id', 'instance']).doUpdateSet({ online_until: now + PRESENCE_TTL_MS }))
      .execute();
  }
}

/**
 * The heartbeat: renews this instance's rows of these staff members; answers those that had none (lapsed,
 * or removed by a disconnect a moment ago): the caller looks again whether their socket is still here.
 */
export async function renewOnline(db: Db, staffIds: number[], now: number): Promise<number[]> {
  const missing: number[] = [];
  for (const staffId of new Set(staffIds)) {
    const renewed = await db
      .updateTable('staff_presence')
      .set({ online_until: now + PRESENCE_TTL_MS })
      .where('staff_id', '=', staffId)
      .where('instance', '=', INSTANCE)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 0) missing.push(staffId);
  }
  return missing;
}

/** This instance no longer holds a socket of the staff member. */
export async function markOffline(db: Db, staffId: number): Promise<void> {
  await db.deleteFrom('staff_presence').where('staff_id', '=', staffId).where('instance', '=', INSTANCE).execute();
}

/** The staff with the inbox open now, on any instance (disabled staff never). */
export async function onlineStaff(db: Db, now: number): Promise<InboxStaff[]> {
  const rows = await db
    .selectFrom('staff')
    .select(['staff.id', 'staff.username', 'staff.display_name'])
    .where('staff.disabled_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('staff_presence')
          .select('staff_presence.staff_id')
          .whereRef('staff_presence.staff_id', '=', 'staff.id')
          .where('staff_presence.online_until', '>', now),
      ),
    )
    .orderBy('staff.username')
    .execute();
  return rows.map((r) => ({ id: r.id, username: r.username, displayName: r.display_name ?? r.username }));
}

/** Whether any staff member has the inbox open now. */
export async function anyoneOnline(db: Db, now: number): Promise<boolean> {
  const row = await db.selectFrom('staff_presence').select('staff_id').where('online_until', '>', now).limit(1).executeTakeFirst();
  return row !== undefined;
}
