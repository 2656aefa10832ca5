import type { ExpressionBuilder } from 'kysely';
import type { DB, OtpPurpose, OtpsTable } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

/** The OTP module's data: one row per code sent, keyed by the token the caller holds. */

/** A code as sent: no attempts yet, neither verified nor used. */
export type NewOtp = Omit<OtpsTable, 'attempts' | 'verified_at' | 'consumed_at'>;

export async function insertOtp(tx: Tx, otp: NewOtp): Promise<void> {
  await tx
    .insertInto('otps')
    .values({ ...otp, attempts: 0, verified_at: null, consumed_at: null })
    .execute();
}

export const findOtp = (tx: Tx, token: string) => tx.selectFrom('otps').selectAll().where('token', '=', token).executeTakeFirst();

/** Counts one attempt, atomically, unless `max` were already made; false when the code is used up. */
export async function countOtpAttempt(tx: Tx, token: string, max: number): Promise<boolean> {
  const counted = await tx
    .updateTable('otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token', '=', token)
    .where('attempts', '<', max)
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

export async function markOtpVerified(tx: Tx, token: string, now: number): Promise<void> {
  await tx.updateTable('otps').set({ verified_at: now }).where('token', '=', token).execute();
}

export interface UsableOtp {
  token: string;
  phone: string;
  purpose: OtpPurpose;
  verifiedAfter: number;
}

/** The one definition of a usable code: the caller's token, for its phone and purpose, verified in time, not used. */
const usable = (otp: UsableOtp) => (eb: ExpressionBuilder<DB, 'otps'>) =>
  eb.and([
    eb('token', '=', otp.token),
    eb('phone', '=', otp.phone),
    eb('purpose', '=', otp.purpose),
    eb('verified_at', '>', otp.verifiedAfter),
    eb('consumed_at', 'is', null),
  ]);

/** The code, when it was verified for `phone` and `purpose` after `verifiedAfter` and is not used yet. */
export const findUsableOtp = (tx: Tx, otp: UsableOtp) =>
  tx.selectFrom('otps').select(['token', 'ref']).where(usable(otp)).executeTakeFirst();

/** Marks a verified, unused code of `phone` for `purpose` used, atomically: true for the one caller that did. */
export async function consumeVerifiedOtp(tx: Tx, otp: UsableOtp & { now: number }): Promise<boolean> {
  const consumed = await tx.updateTable('otps').set({ consumed_at: otp.now }).where(usable(otp)).executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1;
}
