import { msg } from '@lingui/core/macro';
import { registerErrorMessages } from '../errors';

/**
 * The §8 codes only the signed-in screens meet (password change, bonus and promotion, invite, refund,
 * wallet and games, slips, the spin coupons, withdrawals), loaded with the signed-in shell, which every
 * signed-in screen renders inside: their words are in the member catalog part, not the sign-in page's.
 * Screens loaded later may register their own, more precise sentences over these (wallet/programme-errors.ts).
 */
registerErrorMessages({
  // a money call whose answer was lost and could not be learned by asking again (money-submission.ts)
  ANSWER_UNKNOWN: msg`We could not yet learn whether it went through. Check your balance and statement: asking the same again is safe, it never happens twice.`,
  // auth
  WRONG_PASSWORD: msg`The current password is incorrect.`,
  // bonus and promotion
  BONUS_REMAINING: msg`You still have bonus credit in use.`,
  BONUS_ALREADY_ACTIVE: msg`A bonus is already active.`,
  BONUS_MAX_CLAIMED: msg`You have received this bonus the maximum number of times.`,
  BONUS_CONDITION: msg`The bonus conditions are not met yet.`,
  BONUS_CLEAR: msg`The bonus has been cleared.`,
  BONUS_FULL: msg`This bonus is fully claimed.`,
  NO_PROMOTION: msg`Promotion code not found.`,
  PROMOTION_RECEIVED: msg`You have already received this promotion.`,
  // invite
  INVITE_COLLECT: msg`Invite bonus collected.`,
  INVITE_INACTIVE: msg`The invite programme is not active.`,
  NO_INVITE_BONUS: msg`You have no invite bonus to receive.`,
  NO_INVITEE_PLAY_INFO: msg`Your invited friends have not played yet.`,
  INVITE_BONUS_SUCCESS: msg`Invite bonus received.`,
  INVITE_BONUS_FAIL: msg`The invite bonus could not be received.`,
  // refund
  NO_REFUND: msg`You have no refund to receive.`,
  REFUND_CONDITION: msg`The refund conditions are not met yet.`,
  REFUND_SUCCESS: msg`Refund received.`,
  REFUND_INACTIVE: msg`Refunds are not active.`,
  REFUND_MINIMUM: msg`The refund amount must be above 0.`,
  // wallet and games
  NO_BANK: msg`No bank account is registered.`,
  NO_WALLET: msg`No wallet found.`,
  SLOT_ALREADY_ACTIVE: msg`This game account is already open.`,
  SLOT_ACTIVATE_FAIL: msg`The game account could not be opened. Please try again.`,
  SLOT_NO_ACCOUNT: msg`You have no account with this game yet.`,
  SLOT_RESET_PASSWORD_FAIL: msg`The game password could not be reset.`,
  TRANSFER_MINIMUM: msg`The transfer amount is below the minimum.`,
  NO_GAME: msg`Game not found.`,
  MONEY_NOT_ENOUGH: msg`Your balance is not enough.`,
  TRANSFER_FAIL: msg`The transfer failed. Your money has been returned to your wallet.`,
  QR_FAIL: msg`The QR code could not be created.`,
  // slip and gift link
  SLIP_UPLOAD_FAIL: msg`The slip upload failed. Please try again.`,
  SLIP_NO_FILE: msg`Please choose a slip image.`,
  SLIP_INVALID_FILE: msg`This file is not a valid slip image.`,
  TRUELINK_DUPLICATE: msg`This gift link has already been used.`,
  TRUELINK_INVALID: msg`This gift link is not valid.`,
  // game accounts
  NOT_AREASLOT: msg`This is not an AREASLOT account.`,
  NOT_UFABET: msg`This is not a UFABET account.`,
  // spin coupon
  NO_CLAIMABLE_COUPON: msg`You have no coupon to claim.`,
  INVALID_PRIZE_CODE: msg`This prize code is not valid.`,
  INVALID_CODE: msg`This code is not valid.`,
  INVALID_COUPON_TYPE: msg`This coupon type cannot be claimed.`,
  COUPON_EXPIRED: msg`This coupon has expired.`,
  // ours
  WITHDRAW_MINIMUM: msg`The amount is below the minimum withdrawal.`,
  WITHDRAW_MAXIMUM: msg`The amount is above the maximum withdrawal.`,
  TRANSFER_PENDING: msg`The game provider has not answered yet. Your transfer will finish by itself; check your balance in a few minutes.`,
  WITHDRAW_PENDING: msg`Your previous withdrawal is still being paid. Please wait for it to finish.`,
});
