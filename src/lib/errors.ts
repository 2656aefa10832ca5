import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The §8 error catalogue: server code -> translated sentence. A code without an entry is shown as it
 * came (§8). Codes in lower case and the last block are ours (transport). Here only the
 * codes the sign-in page and every screen can meet (sign-in, transport, the generic ones, and the bank
 * and details checks registration and the profile share): their words are in the sign-in page's catalog.
 * Registration's own codes are in features/register/register-errors.ts, the signed-in screens' in
 * lib/member/member-errors.ts, each loaded with its screens and their catalog part.
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
  NO_USER: msg`No member with this phone number.`,
  INACTIVE_USER: msg`This account is suspended. Please contact support.`,
  LOGIN_FAIL: msg`Sign-in failed. Please try again.`,
  REQUEST_LIMIT: msg`Too many requests. Please wait a moment and try again.`,
  REQUEST_LIMIT_1MIN: msg`Too many attempts. Please wait one minute and try again.`,
  INTERNAL_SERVER_ERROR: msg`Something went wrong on our side. Please try again shortly.`,
  // registration and the profile's bank details
  EXISTING_BANK: msg`This bank account is already registered.`,
  INVALID_USER_INFO: msg`Some details are not valid. Please check and try again.`,
  INVALID_BANK: msg`Please choose a valid bank.`,
  BANK_ACCOUNT_NAME_ENG: msg`Bank account name must be in English only.`,
  // uploads (chat files, guests' too, and slips): refused for a while, nothing stored
  UPLOAD_LIMIT: msg`You have sent a lot of files in the past hour. Nothing was sent: please try again in an hour.`,
  UPLOAD_UNAVAILABLE: msg`We cannot take files at the moment. Nothing was sent: please try again later, or contact support if this goes on.`,
  // other
  KEY_MISSING: msg`Some required information is missing.`,
  KEY_INVALID: msg`Some information is not valid.`,
  NO_DATA: msg`No data found.`,
  OK: msg`OK`,
  SUCCESS: msg`Done`,
  // ours: transport
  gone: msg`This site is no longer available.`,
  'invalid-token': msg`Please sign in again.`,
  NETWORK_ERROR: msg`No connection. Check your internet and try again.`,
  TIMEOUT: msg`The server took too long to answer. Please try again.`,
  SERVICE_UNAVAILABLE: msg`Our system is unavailable for a moment. Please try again shortly.`,
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
