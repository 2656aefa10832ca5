import { deviceId } from './device-id';

/**
 * The sending part of the sign-in made before the app has started (src/lib/early-sign-in.ts): fetched beside the
 * app's code, so the page's first script stays small.
 */

/** As src/lib/api.ts sends them (a test holds the two alike). */
const MEMBER = { 'X-Wallet-Client': 'member', Accept: 'application/json' };
/** src/lib/http.ts's REQUEST_TIMEOUT_MS (not imported: that module is the framework's chunk, still on its way). */
const TIMEOUT_MS = 60_000;

/**
 * The sign-in, as the app's form sends it (src/features/auth/mutations.ts); once the answer has brought the
 * token, the member's wallet, which the screen it leads to shows first, and that screen's code, stylesheets and
 * words (a refused sign-in fetches none of them).
 */
export function sendSignIn(username: string, password: string, target: string) {
  const answer = fetch('/api/login', {
    method: 'POST',
    headers: { ...MEMBER, 'Content-Type': 'application/json', 'X-Device-Id': deviceId() },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const wallet = answer.then(async (res) => {
    if (!res.ok) return undefined;
    const { token } = (await res.clone().json()) as { token: string };
    const asked = fetch('/api/wallet', {
      headers: { ...MEMBER, Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // after the wallet's request, not before it: over HTTP/1.1 it would wait behind some twenty files
    fetchSignedInCode(target);
    return asked;
  });
  return { answer, wallet };
}

/**
 * What the screen the sign-in leads to needs, fetched while the sign-in is on its way and the app's own code still
 * arrives: the page lists it (scripts/prerender.ts); the app finds it loaded when it asks. On a slow line the many
 * small files would otherwise start only once the app has started, a few at a time.
 */
function fetchSignedInCode(target: string) {
  try {
    // each signed-in page's files, and each language's words
    const code = JSON.parse(document.getElementById('signed-in-code')?.textContent ?? '{}') as Record<string, string[] | undefined>;
    // the language kept by the app (src/lib/i18n.ts), else (key '') the build's default
    const locale = localStorage.getItem('locale') ?? '';
    // the words first: on HTTP/1.1 the files queue for a few connections, and nothing shows without them
    for (const href of [...(code[locale] ?? []), ...(code[target] ?? [])]) {
      const link = document.createElement('link');
      const css = href.endsWith('.css');
      link.rel = css ? 'preload' : 'modulepreload';
      link.as = css ? 'style' : 'script';
      link.href = href;
      document.head.append(link);
    }
  } catch {
    // no list, or storage blocked: the app fetches them itself
  }
}
