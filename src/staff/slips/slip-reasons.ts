import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SLIP_ACCOUNT_AMBIGUOUS, SLIP_ON_STATEMENT, SLIP_SENDER_AMBIGUOUS, type SlipReason } from '../../../contract/staff-queues';

/**
 * The §4 slip reasons in a reviewer's words: why verification left a slip to a person, and the choices
 * for rejecting one (the member reads their own sentence for the same code in the member app).
 */
export const SLIP_REASON_NAMES: Record<SlipReason, MessageDescriptor> = {
  SLIP_INCORRECT: msg`Incomplete or cropped photo: the slip cannot be read`,
  SLIP_WRONG_ACCOUNT: msg`Not sent to one of our deposit accounts`,
  SLIP_DUPLICATE: msg`This slip was already used`,
  SLIP_REFERENCE_UNREADABLE: msg`The slip’s reference (QR code) cannot be read`,
  SLIP_CAPTCHA: msg`The bank would not let us check it`,
  SLIP_INVALID: msg`Not a transfer slip, or the bank does not know this transfer`,
  SLIP_SENDER_MISMATCH: msg`Not sent from the member’s registered account`,
  SLIP_EXPIRED: msg`Older than 1 hour`,
  SLIP_BELOW_MINIMUM: msg`Below the minimum deposit`,
  SLIP_UNKNOWN: msg`Checking failed for another reason`,
};

const NO_ANSWER = msg`The bank could not be asked`;
const AMBIGUOUS = msg`The sender could be more than one member: compare the accounts below`;
const ACCOUNT_AMBIGUOUS = msg`The slip shows digits of one of our accounts and of a retired one at the same bank: check the active account’s statement before approving`;
const ON_STATEMENT = msg`A bank statement import already credited a transfer of this amount into this account near that time: check it is not this one before approving`;

export const isSlipReason = (code: string): code is SlipReason => Object.hasOwn(SLIP_REASON_NAMES, code);

/** Why a slip is in review: its reason's sentence, a code the console does not know as it came, or the bank's silence. */
export function slipNote(i18n: I18n, note: string | null): string {
  if (note === null) return i18n._(NO_ANSWER);
  if (note === SLIP_SENDER_AMBIGUOUS) return i18n._(AMBIGUOUS);
  if (note === SLIP_ON_STATEMENT) return i18n._(ON_STATEMENT);
  if (note === SLIP_ACCOUNT_AMBIGUOUS) return i18n._(ACCOUNT_AMBIGUOUS);
  return isSlipReason(note) ? i18n._(SLIP_REASON_NAMES[note]) : note;
}
