import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import type { AppContext } from '../../context.js';
import { memberMoney } from '../../ledger/operations.js';
import { ApiError, badRequest } from '../../lib/errors.js';
import { idempotent, type Outcome } from '../../lib/idempotency.js';
import type { UploadHold } from '../uploads/service.js';
import type { SlipUploadResponse } from '../../../../contract/deposit.js';
import { slipsClosed } from './slip-hours.js';
import { SLIP_BUCKET, verifySlip } from './slips.js';

/** A slip's upload (§2 Deposit modal, §9 limits): checked from its header, stored, recorded PROCESSING, and verified after the answer. */

/** §9: 10 MB images. */
export const MAX_SLIP_BYTES = 10 * 1024 * 1024;
/** Read from the header before anything decodes it: a few-KB PNG claiming 20000x20000 is refused here. */
const MAX_SIDE = 8000;
const MAX_PIXELS = 36_000_000;
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** The image's type from its magic bytes and its size from its header, before anything decodes it. */
export function inspectSlipImage(bytes: Buffer): { contentType: string } {
  let info: { type?: string; width?: number; height?: number };
  try {
    info = imageSize(bytes);
  } catch {
    throw badRequest('SLIP_INVALID_FILE');
  }
  const contentType = info.type ? CONTENT_TYPES[info.type] : undefined;
  const { width = 0, height = 0 } = info;
  if (!contentType || !width || !height || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
    throw badRequest('SLIP_INVALID_FILE');
  return { contentType };
}

const newReference = () => `SL${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x').toUpperCase()}`;

/**
 * Stores the upload and records the slip (PROCESSING); a replay of the Idempotency-Key answers as the
 * first upload did, and its bytes (`hold`) count for nothing: the first upload's file is the one kept.
 */
export async function receiveSlip(
  ctx: AppContext,
  request: FastifyRequest,
  memberId: number,
  bytes: Buffer,
  hold?: UploadHold,
): Promise<Outcome<SlipUploadResponse>> {
  const now = ctx.now();
  if (slipsClosed(ctx.settings.get('slip').closeTime, now)) throw new ApiError(403, 'SLIP_CLOSED');
  const { contentType } = inspectSlipImage(bytes);
  const fileName = randomBytes(16).toString('base64url');
  const reference = newReference();
  try {
    await ctx.storage.put(SLIP_BUCKET, fileName, { bytes, contentType });
  } catch {
    throw new ApiError(503, 'SLIP_UPLOAD_FAIL');
  }
  let slipId = 0;
  const outcome = await idempotent(ctx.database, request, memberId, now, async (tx) => {
    const member = await memberMoney(tx, memberId);
    const row = await tx
      .insertInto('slips')
      .values({
        member_id: memberId,
        reference,
        file_name: fileName,
        content_type: contentType,
        status: 'PROCESSING',
        currency: member.currency,
        next_attempt_at: now,
        idempotency_key: typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    slipId = row.id;
    return { status: 200, body: { message: 'SUCCESS' as const, reference, status: 'PROCESSING' as const } };
  }).catch(async (err: unknown) => {
    await ctx.storage.delete(SLIP_BUCKET, fileName).catch(() => undefined);
    throw err;
  });
  if (outcome.body.reference !== reference) {
    // a replay: the first upload's slip stands, this copy of the file is not needed
    await ctx.storage.delete(SLIP_BUCKET, fileName).catch(() => undefined);
    await hold?.release();
  } else {
    // verified after the answer: the member sees PROCESSING at once
    setImmediate(() => void verifySlip(ctx, slipId).catch(() => undefined));
  }
  return outcome;
}
