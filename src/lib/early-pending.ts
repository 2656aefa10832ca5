/**
 * A sign-in the pre-rendered form sent while the app drew its own form in the member's language (src/main.tsx): the
 * app's form is told it is on its way (detail true) and when its answer has come (false), and waits meanwhile, so
 * that one press is one sign-in. An event and a name only: the sign-in page loads nothing for it.
 */
export const EARLY_PENDING_EVENT = 'wallet:early-pending';
