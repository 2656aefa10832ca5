/** §4: the token lives in localStorage with "remember", else in sessionStorage (gone with the tab). */
const KEY = 'token';

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

export function setToken(token: string, remember: boolean): void {
  clearToken();
  const [local, session] = stores();
  (remember ? local : session)?.setItem(KEY, token);
}

export function clearToken(): void {
  for (const s of stores()) s.removeItem(KEY);
}
