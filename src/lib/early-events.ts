/**
 * What the app's sign-in form (src/features/auth/login-page.tsx) is told of a sign-in the pre-rendered form sent
 * (src/lib/early-sign-in.ts): events on the document and their names only, so that the sign-in page loads nothing
 * more for them.
 */

/** Refused (detail: the server's code): the form says why (src/lib/early-answer.ts). */
export const EARLY_REFUSAL_EVENT = 'wallet:early-refusal';

/**
 * Sent while the app drew its own form in the member's language (src/main.tsx): on its way (detail true) and its
 * answer come (false). The form waits meanwhile, so that one press is one sign-in.
 */
export const EARLY_PENDING_EVENT = 'wallet:early-pending';
