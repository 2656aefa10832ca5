import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { CHAT_BUCKET } from './upload-routes.js';

/**
 * An upload no message names after this long was never sent (the site sends the message right after
 * the file): an hour, not a day, so files sent straight to the upload call do not pile up on the disk.
 */
export const UNUSED_UPLOAD_MS = 3_600_000;
/** How often the sweep runs (main.ts). */
export const UPLOAD_SWEEP_EVERY_MS = 10 * 60_000;
/** Uploads looked at per query, and at most this many queries per sweep; a larger backlog drains over a few runs. */
const BATCH = 200;
const MAX_BATCHES = 25;

/**
 * Deletes chat uploads that no message names an hour after they came (a member who picked a file and
 * then deleted the waiting message, an upload whose message was refused, or junk sent straight to the
 * upload call): the file from storage, then its row. A file a message names is kept.
 */
export async function sweepUnusedUploads(ctx: AppContext): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await sweepBatch(ctx);
    deleted += n;
    if (n < BATCH) break;
  }
  return deleted;
}

async function sweepBatch(ctx: AppContext): Promise<number> {
  const db = ctx.database.db;
  const cutoff = ctx.now() - UNUSED_UPLOAD_MS;
  const unused = await db
    .selectFrom('chat_uploads as u')
    .select('u.name')
    .where('u.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chat_messages as m')
            .select(sql`1`.as('one'))
            .where('m.message_type', '=', 'media')
            .where('m.payload', 'like', sql<string>`'%/files/chat/' || u.name || '%'`),
        ),
      ),
    )
    .limit(BATCH)
    .execute();
  for (const { name } of unused) {
    await ctx.storage.delete(CHAT_BUCKET, name);
    await db.deleteFrom('chat_uploads').where('name', '=', name).execute();
  }
  return unused.length;
}
