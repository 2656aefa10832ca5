import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The staff API's refusals (contract/staff.ts) and the transport's, as sentences in the console's
 * words (its own catalog: the member's error map and its words stay in the member app).
 */
export const STAFF_ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  STAFF_UNAUTHORIZED: msg`Your session has ended. Please sign in again.`,
  STAFF_FORBIDDEN: msg`Your role is not allowed to do this.`,
  CSRF_INVALID: msg`This page is out of date. Reload it and try again.`,
  STAFF_SIGNIN_FAIL: msg`Wrong username or password.`,
  REQUEST_LIMIT: msg`Too many attempts. Please wait a moment and try again.`,
  REQUEST_LIMIT_1MIN: msg`Too many attempts. Please wait one minute and try again.`,
  TOTP_INVALID: msg`That code is not right. Enter the 6 digits your authenticator app shows now.`,
  PASSWORD_WEAK: msg`Choose another password: it does not follow the rule above, or it contains the one-time password.`,
  STAFF_CHALLENGE_EXPIRED: msg`The sign-in took too long. Please start again with your username and password.`,
  KEY_INVALID: msg`Some information is not valid.`,
  INTERNAL_SERVER_ERROR: msg`Something went wrong on the server. Please try again shortly.`,
  SERVICE_UNAVAILABLE: msg`The system is unavailable for a moment. Please try again shortly.`,
  NETWORK_ERROR: msg`No connection. Check the network and try again.`,
  TIMEOUT: msg`The server took too long to answer. Please try again.`,
};

/** The sentence for a code, in the console's language; an unknown code is shown as it came. */
export function staffErrorMessage(i18n: I18n, err: unknown): string {
  const code = err instanceof Error ? err.message : String(err);
  const descriptor = Object.hasOwn(STAFF_ERROR_MESSAGES, code) ? STAFF_ERROR_MESSAGES[code] : undefined;
  return descriptor ? i18n._(descriptor) : code;
}
