import type { AppContext } from '../../context.js';
import { ApiError } from '../../lib/errors.js';

/**
 * What one sender may store (issue 19: anyone could fill the disk): bytes per hour for a guest's address
 * and for a member (slips and chat files together), slips per member per 10 minutes, and no upload at
 * all while the disk is under its floor, so that money writes never meet a full disk. Counted from the
 * upload_usage rows, so every instance on one database counts the same uploads.
 */

const MB = 1024 * 1024;
export const HOUR_MS = 3_600_000;
export const SLIP_WINDOW_MS = 10 * 60_000;

/** Who sends: a member (by id), or a guest (by address); the address is kept for a member too. */
export interface Uploader {
  memberId: number | null;
  address: string;
}

/** A recorded upload: released when its file was not kept after all (refused, failed, a replay). */
export interface UploadHold {
  release(): Promise<void>;
}

/** 503 UPLOAD_UNAVAILABLE while the disk uploads go to has less free space than the floor; asked before the body is read. */
export async function requireDiskRoom(ctx: AppContext): Promise<void> {
  const floor = ctx.settings.get('uploads').minFreeMb * MB;
  const free = await ctx.freeSpace();
  if (free !== undefined && free < floor) throw new ApiError(503, 'UPLOAD_UNAVAILABLE');
}

/**
 * Records `size` bytes for the uploader before the file is stored, then counts its window with them:
 * over a budget, the record is taken back and the upload refused (429 UPLOAD_LIMIT, or SLIP_LIMIT for
 * an 11th slip), nothing stored. Recording first and counting after means two uploads at once never
 * both get through past the budget (at worst both are refused).
 */
export async function holdUpload(
  ctx: AppContext,
  who: Uploader,
  file: { bucket: string; size: number; slip?: boolean },
): Promise<UploadHold> {
  const { bucket, size } = file;
  const db = ctx.database.db;
  const now = ctx.now();
  const budget = ctx.settings.get('uploads');
  const { id } = await db
    .insertInto('upload_usage')
    .values({ member_id: who.memberId, address: who.address, bucket, size, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hold = {
    release: () =>
      db
        .deleteFrom('upload_usage')
        .where('id', '=', id)
        .execute()
        .then(() => undefined),
  };

  const sender = db
    .selectFrom('upload_usage')
    .where('created_at', '>', now - HOUR_MS)
    .where((eb) =>
      who.memberId === null ? eb('member_id', 'is', null).and('address', '=', who.address) : eb('member_id', '=', who.memberId),
    );
  const { used } = await sender.select((eb) => eb.fn.sum<number | string | null>('size').as('used')).executeTakeFirstOrThrow();
  const limitMb = who.memberId === null ? budget.guestAddressMbPerHour : budget.memberMbPerHour;
  let refusal: string | undefined = Number(used ?? 0) > limitMb * MB ? 'UPLOAD_LIMIT' : undefined;
  if (!refusal && who.memberId !== null && file.slip) {
    const { slips } = await sender
      .where('bucket', '=', bucket)
      .where('created_at', '>', now - SLIP_WINDOW_MS)
      .select((eb) => eb.fn.countAll<number | string>().as('slips'))
      .executeTakeFirstOrThrow();
    if (Number(slips) > budget.slipsPer10Min) refusal = 'SLIP_LIMIT';
  }
  if (refusal) {
    await hold.release();
    throw new ApiError(429, refusal);
  }
  return hold;
}

/** Records older than the longest window count for nothing any more. */
export async function forgetOldUsage(ctx: Pick<AppContext, 'database' | 'now'>): Promise<number> {
  const gone = await ctx.database.db
    .deleteFrom('upload_usage')
    .where('created_at', '<=', ctx.now() - HOUR_MS)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
