/** §4: the token lives in localStorage with "remember", else in sessionStorage (gone with the tab). */
const KEY = 'token';
const MEMBER = 'member';
/** home-picture.ts' PICTURE_KEY, written out: that module is not loaded with every page. */
const PICTURE = 'home-picture';

function stores(): Storage[] {
  try {
    return [window.localStorage, window.sessionStorage];
  } catch {
    return []; // storage blocked (private mode on some phones): behave as signed out
  }
}

export function getToken(): string | null {
  for (const s of stores()) {
    const t = s.getItem(KEY);
    if (t) return t;
  }
  return null;
}

/** `member`: the phone the token was signed in with (the chat keeps each member's waiting messages apart by it). */
/** Dispatched on window when a member signs in: what waited on the device for them (the outboxes) goes now. */
export const SESSION_EVENT = 'wallet:session';

export function setToken(token: string, remember: boolean, member = ''): void {
  clearToken();
  const [local, session] = stores();
  const store = remember ? local : session;
  store?.setItem(KEY, token);
  store?.setItem(MEMBER, member);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EVENT));
}

/** The phone the stored token was signed in with ('' when unknown or signed out). */
export const getMember = (): string =>
  (getToken() &&
    stores()
      .map((s) => s.getItem(MEMBER))
      .find(Boolean)) ||
  '';

/** Ends the session on this device: the token, whose it was, and the home's last picture (src/lib/home-picture.ts). */
export function clearToken(): void {
  for (const s of stores()) {
    s.removeItem(KEY);
    s.removeItem(MEMBER);
    s.removeItem(PICTURE);
  }
}
