/**
 * Where the staff member was when the session ended (a refused call, or a screen opened without one): the
 * console's sign-in opens it again afterwards. A sign-out of one's own forgets it (the next person starts
 * on the dashboard).
 */
let signedOutFrom: string | undefined;

/** Notes the screen the console leaves for its sign-in (not the sign-in itself); undefined forgets it. */
export function rememberSignedOutFrom(href: string | undefined): void {
  signedOutFrom = href === undefined || /^\/sign-in(?:[?#]|$)/.test(href) ? undefined : href;
}

/** The screen to open after the sign-in, once. */
export function takeSignedOutFrom(): string | undefined {
  const href = signedOutFrom;
  signedOutFrom = undefined;
  return href;
}
