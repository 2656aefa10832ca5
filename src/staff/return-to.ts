/**
 * Where the staff member was when the session ended (a refused call, or a screen opened without one): the
 * console's sign-in opens it again afterwards. A sign-out of one's own forgets it (the next person starts
 * on the dashboard).
 */
let signedOutFrom: string | undefined;

/**
 * Notes the screen the console leaves for its sign-in; undefined forgets it. The sign-in itself is never noted,
 * nor does it forget the screen noted before: when several calls find the session ended at once (every query
 * of the screen asked again as the tab is opened again), the first refusal notes the screen and the later
 * ones are heard on the sign-in.
 */
export function rememberSignedOutFrom(href: string | undefined): void {
  if (href === undefined) signedOutFrom = undefined;
  else if (!/^\/sign-in(?:[?#]|$)/.test(href)) signedOutFrom = href;
}

/** The screen to open after the sign-in, once. */
export function takeSignedOutFrom(): string | undefined {
  const href = signedOutFrom;
  signedOutFrom = undefined;
  return href;
}
