import type { AppContext } from '../../context.js';
import { pruneFinishedKeys } from '../../lib/idempotency.js';
import { STAFF_IDLE_MINUTES } from '../../../../contract/staff.js';

const DAY_MS = 86_400_000;
/** Rows one statement touches: a sweep never holds a long lock; a backlog drains over a few minutes. */
const BATCH = 1000;
/** How long a member's notices are kept (issue 38). */
const NOTICE_DAYS = 30;

interface RetentionResult {
  keys: number;
  sessions: number;
  staffSessions: number;
  staffChallenges: number;
  guestChatsClosed: number;
}

/** Deletes the rows a bounded select found: one statement, the number deleted. */
async function deleteIds(rows: { id: number }[], remove: (ids: number[]) => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  return rows.length ? Number((await remove(rows.map((r) => r.id))).numDeletedRows) : 0;
}

/**
 * What the database would otherwise keep for ever, on the minute sweep (main.ts), each in a bounded batch:
 * - finished idempotency keys older than a session can live (SESSION_ABSOLUTE_HOURS) plus a day;
 * - sessions idle past SESSION_IDLE_MINUTES plus a day (expired, revoked and abandoned ones all stop
 *   being seen, so this catches each of them), staff sessions likewise past STAFF_IDLE_MINUTES, and staff
 *   sign-ins left unfinished a day past their expiry;
 * - guest conversations with no message for the `retention` setting's `guestChatQuietMinutes` and none
 *   waiting for an answer: ended, so the next message opens a new session with the greeter;
 * - staff presence rows lapsed a day ago (an instance that died left them);
 * - members' notices (Web Push, "while you were away") after NOTICE_DAYS.
 */
export async function retentionSweep(ctx: AppContext): Promise<RetentionResult> {
  const { db } = ctx.database;
  const now = ctx.now();
  const keys = await pruneFinishedKeys(db, now - ctx.config.sessionAbsoluteHours * 3_600_000 - DAY_MS, BATCH);

  const idleBefore = now - ctx.config.sessionIdleMinutes * 60_000 - DAY_MS;
  const sessions = await deleteIds(
    await db.selectFrom('sessions').select('id').where('last_seen_at', '<', idleBefore).limit(BATCH).execute(),
    (ids) => db.deleteFrom('sessions').where('id', 'in', ids).executeTakeFirst(),
  );
  // staff: sessions idle past STAFF_IDLE_MINUTES plus a day (ended, revoked or abandoned), and sign-ins
  // left unfinished a day past their 10 minutes
  const staffIdleBefore = now - STAFF_IDLE_MINUTES * 60_000 - DAY_MS;
  const staffSessions = await deleteIds(
    await db.selectFrom('staff_sessions').select('id').where('last_seen_at', '<', staffIdleBefore).limit(BATCH).execute(),
    (ids) => db.deleteFrom('staff_sessions').where('id', 'in', ids).executeTakeFirst(),
  );
  const staffChallenges = await deleteIds(
    await db
      .selectFrom('staff_challenges')
      .select('id')
      .where('expires_at', '<', now - DAY_MS)
      .limit(BATCH)
      .execute(),
    (ids) => db.deleteFrom('staff_challenges').where('id', 'in', ids).executeTakeFirst(),
  );

  const quietBefore = now - ctx.settings.get('retention').guestChatQuietMinutes * 60_000;
  const quiet = await db
    .selectFrom('chat_rooms')
    .select('room')
    .where('ended_at', 'is', null)
    .where('guest_id', 'is not', null)
    // a question no agent has answered yet stays for the agents (one asked after hours waits for the morning)
    .where('waiting_since', 'is', null)
    .where('last_message_at', '<', quietBefore)
    .limit(BATCH)
    .execute();
  const guestChatsClosed = quiet.length
    ? Number(
        (
          await db
            .updateTable('chat_rooms')
            // ended for the inbox too: nobody holds it, nothing waits for an answer
            .set({ ended_at: now, waiting_since: null, assigned_to: null, assigned_at: null })
            .where(
              'room',
              'in',
              quiet.map((r) => r.room),
            )
            .where('ended_at', 'is', null)
            .where('waiting_since', 'is', null)
            .where('last_message_at', '<', quietBefore)
            .executeTakeFirst()
        ).numUpdatedRows,
      )
    : 0;
  // notices a month old: told by Web Push or shown as "while you were away" long since (the statement keeps the money's record)
  await deleteIds(
    await db
      .selectFrom('member_notices')
      .select('id')
      .where('created_at', '<', now - NOTICE_DAYS * DAY_MS)
      .limit(BATCH)
      .execute(),
    (ids) => db.deleteFrom('member_notices').where('id', 'in', ids).executeTakeFirst(),
  );
  // presence rows an instance that died left behind (they lapsed; nothing renews them)
  await db
    .deleteFrom('staff_presence')
    .where('online_until', '<', now - DAY_MS)
    .execute();
  return { keys, sessions, staffSessions, staffChallenges, guestChatsClosed };
}
