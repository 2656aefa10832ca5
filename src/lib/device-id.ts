/**
 * A random id this browser keeps for good (key `device-id`) and sends when signing in: the server
 * lets a device the member signed in on before through while strangers' wrong guesses hold the phone
 * back (see server/src/modules/auth/lockout.ts). It proves nothing alone; the password still does.
 */
const KEY = 'device-id';
let fallback: string | undefined;

/** 128 random bits as hex; getRandomValues works outside secure contexts too, so sign-in never depends on it. */
const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export function deviceId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept) return kept;
    const made = newId();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    // storage blocked: one id for this page's life, so at least retries in it look the same
    fallback ??= newId();
    return fallback;
  }
}
