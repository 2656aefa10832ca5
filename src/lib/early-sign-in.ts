/**
 * The pre-rendered sign-in form works before the app has started (src/boot.ts): a member whose phone
 * filled in the password (or who types fast) presses Sign in while the app's code is still on its way on a
 * slow line, and the sign-in is sent at once instead of after the app has loaded and hydrated the form
 * (about 1.5 s on the slow-phone profile). The app reads the answer as it starts (src/main.tsx): signed in,
 * it opens the member's screen without hydrating the form; refused, it hydrates the form and says why.
 * Nothing but this module loads with the page: no library, no words. The device id lives here too: both sign-ins
 * send it (this one and the app's, src/features/auth/mutations.ts), and in a module of its own it cost the page a
 * file of its own.
 */

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

export interface EarlySignIn {
  username: string;
  remember: boolean;
  /** Where the sign-in leads: the page's own `redirect` when it is a signed-in page, else the home. */
  target: string;
  /** The server's answer as fetch gave it (read by src/lib/http.ts's readSent), or fetch's own failure. */
  answer: Promise<Response>;
  settled: boolean;
}

/** As fetch is given it by src/lib/api.ts for the sign-in (a test holds the two alike). */
export const EARLY_HEADERS = { 'X-Wallet-Client': 'member', Accept: 'application/json', 'Content-Type': 'application/json' } as const;
/** src/lib/http.ts's REQUEST_TIMEOUT_MS (not imported: it would bring that module into the page's first script). */
const TIMEOUT_MS = 60_000;

let form: HTMLFormElement | null = null;
let sent: EarlySignIn | undefined;

/** Only the site's own signed-in pages are a sign-in's target, never another origin (the route's rule too). */
export function safeTarget(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/user') ? value : undefined;
}

const submitButton = (f: HTMLFormElement) => f.querySelector<HTMLButtonElement>('button[type="submit"]');

/** Makes the pre-rendered form of `root` (if it is the sign-in's) send the sign-in itself until the app takes it over. */
export function listenForEarlySignIn(root: HTMLElement): void {
  form = root.querySelector<HTMLFormElement>('form[data-early-sign-in]');
  if (!form) return;
  form.addEventListener('submit', sendEarly);
  // pre-rendered disabled: without this script the browser's own submit would post the password to the page
  const button = submitButton(form);
  if (button) button.disabled = false;
}

function sendEarly(event: SubmitEvent) {
  event.preventDefault();
  const f = event.currentTarget as HTMLFormElement;
  if (sent && !sent.settled) return;
  const field = (name: string) => f.elements.namedItem(name) as HTMLInputElement | null;
  const phone = field('phone')?.value;
  const password = field('password')?.value;
  // as the app's form: nothing is sent while a field is empty (the app, once started, says nothing either)
  if (!phone || !password) return;
  const username = phone.trim();
  const button = submitButton(f);
  if (button) button.disabled = true;
  const answer = fetch('/api/login', {
    method: 'POST',
    headers: { ...EARLY_HEADERS, 'X-Device-Id': deviceId() },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const target = safeTarget(new URLSearchParams(window.location.search).get('redirect')) ?? '/user/home';
  fetchSignedInCode(target);
  const sending: EarlySignIn = (sent = { username, remember: field('remember')?.checked ?? true, target, answer, settled: false });
  // refused, and still this module's form (the app has not taken it over): it can be pressed again; signed in,
  // it waits for the app to open the member's screen
  void answer
    .then(
      (res) => res.ok,
      () => false,
    )
    .then((signedIn) => {
      sending.settled = true;
      if (button && form === f && !signedIn) button.disabled = false;
    });
}

/**
 * The code, stylesheets and words of the screen the sign-in leads to, fetched while it is on its way and the app's
 * own code still arrives: the page lists them (scripts/prerender.ts); the app finds them loaded when it asks. On a
 * slow line the many small files would otherwise start only once the app has started, a few at a time.
 */
function fetchSignedInCode(target: string) {
  try {
    // each signed-in page's files, and each language's words (scripts/prerender.ts)
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

/** The sign-in sent from the pre-rendered form so far, if any (the app starts loading where it leads). */
export function earlySignIn(): EarlySignIn | undefined {
  return sent;
}

/**
 * The app, about to mount: from here on its own form handles a submit. The button is disabled again, as
 * the pre-rendered HTML has it, until React has hydrated the form (a press in between would be the
 * browser's own submit). Answers what was sent early, once.
 */
export function takeOverSignIn(): EarlySignIn | undefined {
  if (form) {
    form.removeEventListener('submit', sendEarly);
    const button = submitButton(form);
    if (button) button.disabled = true;
    form = null;
  }
  const taken = sent;
  sent = undefined;
  return taken;
}
