import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../../lib/errors';

/** The deposit codes (slip refusals and §4 failure reasons, QR, gift link, requests), loaded with the screens that meet them. */
registerErrorMessages({
  SLIP_TOO_LARGE: msg`The photo is too large. Please choose one no larger than 10 MB.`,
  SLIP_LIMIT: msg`You have sent many slips in the past 10 minutes. Nothing was sent: please wait 10 minutes, then try again.`,
  SLIP_CLOSED: msg`Slip uploads are closed for today. Please upload your slip after midnight.`,
  SLIP_INCORRECT: msg`We could not read this slip: the photo is incomplete or cropped. Please upload the whole slip.`,
  SLIP_WRONG_ACCOUNT: msg`This transfer did not go to one of our deposit accounts.`,
  SLIP_DUPLICATE: msg`This slip has already been used.`,
  SLIP_REFERENCE_UNREADABLE: msg`The slip's reference number could not be read. Please upload a clearer photo of the slip.`,
  SLIP_CAPTCHA: msg`The bank did not let us check this slip. Please contact support.`,
  SLIP_INVALID: msg`This is not a valid transfer slip, or the bank does not know this transfer.`,
  SLIP_SENDER_MISMATCH: msg`This transfer was not made from your registered bank account.`,
  SLIP_EXPIRED: msg`This slip is older than 1 hour. Please contact support.`,
  SLIP_BELOW_MINIMUM: msg`The amount is below the minimum deposit.`,
  SLIP_UNKNOWN: msg`Something went wrong checking this slip. Please contact support.`,
  QR_MINIMUM: msg`The amount is below this QR code's minimum.`,
  QR_MAXIMUM: msg`The amount is above this QR code's maximum.`,
  QR_UNAVAILABLE: msg`This QR code is not offered right now.`,
  TRUELINK_MINIMUM: msg`The gift link's amount is below the minimum.`,
  TRUELINK_UNAVAILABLE: msg`The gift link service is not answering. Nothing was taken: please try again later.`,
  DEPOSIT_MANUAL_OFF: msg`Deposit requests are not open right now.`,
  DEPOSIT_MINIMUM: msg`The amount is below the minimum deposit.`,
  DEPOSIT_MAXIMUM: msg`The amount is above the largest deposit request we take. Please deposit by slip or QR code, or ask support.`,
  DEPOSIT_REQUEST_PENDING: msg`Your previous deposit request is still waiting for our staff.`,
  DEPOSIT_TRANSFER_TIME: msg`The transfer time must be within the last two days, and not later than now.`,
});
