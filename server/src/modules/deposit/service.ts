import type { Tx } from '../../db/transaction.js';
import type { DepositRequestBody } from '../../../../contract/deposit.js';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { addressOf } from '../../lib/address.js';
import { ApiError } from '../../lib/errors.js';
import { idempotent, type Outcome } from '../../lib/idempotency.js';
import type { SlipUploadResponse } from '../../../../contract/deposit.js';
import { holdUpload, requireDiskRoom } from '../uploads/service.js';
import { requestManualDeposit } from './manual-service.js';
import { MAX_SLIP_BYTES, receiveSlip } from './slip-upload.js';
import { SLIP_BUCKET } from './slips.js';

/**
 * The deposit module's face to the others: the deposits a member makes through /api/wallet (the wallet
 * module serves those URLs; what each deposit does is here): a gift link, a manual request, a slip.
 */

export { redeemGiftLink } from './truelink-service.js';
// the staff console's queues: the same answers as the operator's commands
export { approveSlip, rejectSlip } from './slip-review.js';
export { checkSampleSlip } from './slips.js';
export { makeTestCode } from './qr-service.js';
export { inspectSlipImage } from './slip-upload.js';
export { confirmDepositRequest, rejectDepositRequest } from './deposit-request-review.js';
export { attachPayment, refundPayment, unmatchedPaymentList } from './unmatched-payments.js';
export { SLIP_BUCKET };
export { membersLike, senderOfText } from './slip-repository.js';

/** POST /api/wallet/add: a manual deposit request the operator confirms or rejects; a replay of the key answers as the first. */
export const requestDeposit = (ctx: AppContext, request: FastifyRequest, memberId: number, body: DepositRequestBody) => {
  const now = ctx.now();
  return idempotent(ctx.database, request, memberId, now, async (tx) => {
    const requestId = await requestManualDeposit(
      tx,
      { settings: ctx.settings, config: ctx.config },
      memberId,
      body.amount,
      now,
      body.transferredAt,
    );
    return { status: 200, body: { message: 'SUCCESS' as const, requestId } };
  });
};

/** What the multipart parser takes for a slip: one file of at most 10 MB (§9) and little else. */
export const SLIP_UPLOAD_LIMITS = { fileSize: MAX_SLIP_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 };

/**
 * POST /api/wallet/slip: reads the one image in the multipart field `file` (parsed with
 * SLIP_UPLOAD_LIMITS), holds its bytes against the member's upload budget and receives the slip.
 */
export async function uploadSlip(ctx: AppContext, request: FastifyRequest, memberId: number): Promise<Outcome<SlipUploadResponse>> {
  await requireDiskRoom(ctx);
  let bytes: Buffer | undefined;
  try {
    if (!request.isMultipart()) throw new ApiError(400, 'SLIP_NO_FILE');
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT')
      throw new ApiError(
        code === 'FST_REQ_FILE_TOO_LARGE' ? 413 : 400,
        code === 'FST_REQ_FILE_TOO_LARGE' ? 'SLIP_TOO_LARGE' : 'SLIP_INVALID_FILE',
      );
    throw new ApiError(400, 'SLIP_NO_FILE');
  }
  if (!bytes?.length) throw new ApiError(400, 'SLIP_NO_FILE');
  const hold = await holdUpload(ctx, { memberId, address: addressOf(request) }, { bucket: SLIP_BUCKET, size: bytes.length, slip: true });
  return receiveSlip(ctx, request, memberId, bytes, hold).catch(async (err: unknown) => {
    await hold.release();
    throw err;
  });
}

/** The member's manual deposit requests waiting for staff (not credited yet), oldest first. */
export const openDepositRequests = (tx: Tx, memberId: number) =>
  tx
    .selectFrom('deposit_requests')
    .select(['amount', 'created_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .orderBy('created_at')
    .execute();

// the bank statement import (modules/bank-statement): a waiting request credited in the import's transaction, the sender's name checked as slips' are
export { settleDepositRequestIn } from './manual-service.js';
export { senderNameMatches } from './sender-match.js';

// the console's deposit accounts (issue 39)
export { depositAccountList, proposeDepositAccount, retireDepositAccount } from './deposit-accounts.js';
