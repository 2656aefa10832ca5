import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The refusals the sign-in meets (contract/staff.ts) and the transport's, as sentences: in the sign-in's own
 * words (lingui.config.ts), which the sign-in page loads without the rest of the console's; the console's
 * error sentences (staff-errors.ts) include them.
 */
export const SIGN_IN_ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  STAFF_UNAUTHORIZED: msg`Your session has ended. Please sign in again.`,
  CSRF_INVALID: msg`This page is out of date. Reload it and try again.`,
  STAFF_SIGNIN_FAIL: msg`Wrong username or password.`,
  REQUEST_LIMIT: msg`Too many attempts. Please wait a moment and try again.`,
  REQUEST_LIMIT_1MIN: msg`Too many attempts. Please wait one minute and try again.`,
  TOTP_INVALID: msg`That code is not right. Enter the 6 digits your authenticator app shows now.`,
  PASSWORD_WEAK: msg`Choose another password: it does not follow the rule above, or it contains the one-time password.`,
  STAFF_CHALLENGE_EXPIRED: msg`The sign-in took too long. Please start again with your username and password.`,
  KEY_INVALID: msg`Some information is not valid.`,
  KEY_MISSING: msg`Something the form needs is missing.`,
  INTERNAL_SERVER_ERROR: msg`Something went wrong on the server. Please try again shortly.`,
  SERVICE_UNAVAILABLE: msg`The system is unavailable for a moment. Please try again shortly.`,
  NETWORK_ERROR: msg`No connection. Check the network and try again.`,
  TIMEOUT: msg`The server took too long to answer. Please try again.`,
};

/** The sentence `table` has for an error's code, in the console's language; a code it lacks is shown as it came. */
export function sentenceFor(table: Record<string, MessageDescriptor>, i18n: I18n, err: unknown): string {
  const code = err instanceof Error ? err.message : String(err);
  const descriptor = Object.hasOwn(table, code) ? table[code] : undefined;
  return descriptor ? i18n._(descriptor) : code;
}

/** The sentence for a code the sign-in meets. */
export const signInErrorMessage = (i18n: I18n, err: unknown) => sentenceFor(SIGN_IN_ERROR_MESSAGES, i18n, err);
