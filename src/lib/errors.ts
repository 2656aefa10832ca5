import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The §8 error catalogue in one place: server code -> translated sentence. A code without an entry is
 * shown as it came (§8). Codes in lower case and the last block are ours (transport, added rules).
 */
export const ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  // auth
  UNAUTHORIZED: msg`Please sign in to continue.`,
  EXPIRED_AUTH_TOKEN: msg`Your session has expired. Please sign in again.`,
  INVALID_USER_1: msg`We could not verify your account (code 1). Please contact support.`,
  INVALID_USER_2: msg`We could not verify your account (code 2). Please contact support.`,
  INVALID_USER_3: msg`We could not verify your account (code 3). Please contact support.`,
  INVALID_USER_4: msg`We could not verify your account (code 4). Please contact support.`,
  INVALID_IP: msg`Access from your network is not allowed.`,
  WRONG_CREDENTIAL: msg`Incorrect phone number or password.`,
  WRONG_PASSWORD: msg`The current password is incorrect.`,
  NO_USER: msg`No member with this phone number.`,
  INACTIVE_USER: msg`This account is suspended. Please contact support.`,
  LOGIN_FAIL: msg`Sign-in failed. Please try again.`,
  REQUEST_LIMIT: msg`Too many requests. Please wait a moment and try again.`,
  REQUEST_LIMIT_1MIN: msg`Too many attempts. Please wait one minute and try again.`,
  INTERNAL_SERVER_ERROR: msg`Something went wrong on our side. Please try again shortly.`,
  // otp
  OTP_BLOCK: msg`Too many wrong codes. Request a new OTP.`,
  OTP_TOKEN_INVALID: msg`This OTP request is not valid. Request a new OTP.`,
  OTP_NOT_EXIST: msg`No OTP was requested. Request a new OTP.`,
  OTP_VERIFIED: msg`This phone number is already verified.`,
  OTP_EXPIRED: msg`The OTP has expired. Request a new OTP.`,
  OTP_CODE_INVALID: msg`The OTP is incorrect.`,
  OTP_CODE_VALID: msg`OTP verified.`,
  UNVERIFIED_OTP: msg`Please verify your phone number with the OTP first.`,
  OTP_SEND_FAIL: msg`We could not send the OTP. Please try again.`,
  OTP_VERIFY_FAIL: msg`We could not verify the OTP. Please try again.`,
  // registration
  EXISTING_USER: msg`This phone number is already registered.`,
  EXISTING_BANK: msg`This bank account is already registered.`,
  INVALID_USER_INFO: msg`Some details are not valid. Please check and try again.`,
  INVALID_BANK: msg`Please choose a valid bank.`,
  BANK_ACCOUNT_NAME_ENG: msg`Bank account name must be in English only.`,
  REGISTER_FAIL: msg`Registration failed. Please try again.`,
  GAME_ACTIVATION_FAIL: msg`Your game account could not be opened. Please try again later.`,
  PHONE_NUMBER_REQUIRE_10_DIGIT: msg`The phone number must have 10 digits.`,
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
  // other
  KEY_MISSING: msg`Some required information is missing.`,
  KEY_INVALID: msg`Some information is not valid.`,
  NO_DATA: msg`No data found.`,
  OK: msg`OK`,
  SUCCESS: msg`Done`,
  NOT_AREASLOT: msg`This is not an AREASLOT account.`,
  NOT_UFABET: msg`This is not a UFABET account.`,
  // spin coupon
  NO_CLAIMABLE_COUPON: msg`You have no coupon to claim.`,
  INVALID_PRIZE_CODE: msg`This prize code is not valid.`,
  INVALID_CODE: msg`This code is not valid.`,
  INVALID_COUPON_TYPE: msg`This coupon type cannot be claimed.`,
  COUPON_EXPIRED: msg`This coupon has expired.`,
  // ours: transport and the few cases §8 has no code for
  gone: msg`This site is no longer available.`,
  'invalid-token': msg`Please sign in again.`,
  INVALID_INVITE_CODE: msg`This invite code does not exist.`,
  WITHDRAW_MINIMUM: msg`The amount is below the minimum withdrawal.`,
  WITHDRAW_MAXIMUM: msg`The amount is above the maximum withdrawal.`,
  TRANSFER_PENDING: msg`The game provider has not answered yet. Your transfer will finish by itself; check your balance in a few minutes.`,
  WITHDRAW_PENDING: msg`Your previous withdrawal is still being paid. Please wait for it to finish.`,
  NETWORK_ERROR: msg`No connection. Check your internet and try again.`,
  TIMEOUT: msg`The server took too long to answer. Please try again.`,
};

/** Codes only signed-in screens meet (deposits, ...) arrive with their screens' code, not with the sign-in page. */
export function registerErrorMessages(more: Record<string, MessageDescriptor>): void {
  Object.assign(ERROR_MESSAGES, more);
}

/** The sentence to show for a server code, in the active language; unknown codes are shown raw (§8). */
export function errorMessage(i18n: I18n, code: string): string {
  const descriptor = Object.hasOwn(ERROR_MESSAGES, code) ? ERROR_MESSAGES[code] : undefined;
  return descriptor ? i18n._(descriptor) : code;
}
