import type { AppContext } from '../../context.js';
import { pruneFinishedKeys } from '../../lib/idempotency.js';

const DAY_MS = 86_400_000;
/** Rows one statement touches: a sweep never holds a long lock; a backlog drains over a few minutes. */
const BATCH = 1000;

interface RetentionResult {
  keys: number;
  sessions: number;
  guestChatsClosed: number;
}

/**
 * What the database would otherwise keep for ever, on the minute sweep (main.ts), each in a bounded batch:
 * - finished idempotency keys older than a session can live (SESSION_ABSOLUTE_HOURS) plus a day;
 * - sessions idle past SESSION_IDLE_MINUTES plus a day (expired, revoked and abandoned ones all stop
 *   being seen, so this catches each of them);
 * - guest conversations with no message for the `retention` setting's `guestChatQuietMinutes`: ended, so
 *   the next message opens a new session with the greeter (what the operator's `chat end` does).
 */
export async function retentionSweep(ctx: AppContext): Promise<RetentionResult> {
  const { db } = ctx.database;
  const now = ctx.now();
  const keys = await pruneFinishedKeys(db, now - ctx.config.sessionAbsoluteHours * 3_600_000 - DAY_MS, BATCH);

  const idleBefore = now - ctx.config.sessionIdleMinutes * 60_000 - DAY_MS;
  const stale = await db.selectFrom('sessions').select('id').where('last_seen_at', '<', idleBefore).limit(BATCH).execute();
  const sessions = stale.length
    ? Number(
        (
          await db
            .deleteFrom('sessions')
            .where(
              'id',
              'in',
              stale.map((s) => s.id),
            )
            .executeTakeFirst()
        ).numDeletedRows,
      )
    : 0;

  const quietBefore = now - ctx.settings.get('retention').guestChatQuietMinutes * 60_000;
  const quiet = await db
    .selectFrom('chat_rooms')
    .select('room')
    .where('ended_at', 'is', null)
    .where('guest_id', 'is not', null)
    .where('last_message_at', '<', quietBefore)
    .limit(BATCH)
    .execute();
  const guestChatsClosed = quiet.length
    ? Number(
        (
          await db
            .updateTable('chat_rooms')
            .set({ ended_at: now })
            .where(
              'room',
              'in',
              quiet.map((r) => r.room),
            )
            .where('ended_at', 'is', null)
            .where('last_message_at', '<', quietBefore)
            .executeTakeFirst()
        ).numUpdatedRows,
      )
    : 0;
  return { keys, sessions, guestChatsClosed };
}
