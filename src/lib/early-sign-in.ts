import { deviceId } from './device-id';

/**
 * The pre-rendered sign-in form works before the app has started (src/boot.ts): a member whose phone
 * filled in the password (or who types fast) presses Sign in while the app's code is still on its way on a
 * slow line, and the sign-in is sent at once instead of after the app has loaded and hydrated the form
 * (about 1.5 s on the slow-phone profile). The app reads the answer as it starts (src/main.tsx): signed in,
 * it opens the member's screen without hydrating the form; refused, it hydrates the form and says why.
 * Nothing but this module and device-id.ts loads with the page: no library, no words.
 */

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
  const value = (name: string) => (f.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const username = value('phone');
  const password = value('password');
  // as the app's form: nothing is sent while a field is empty (the app, once started, says nothing either)
  if (!username || !password) return;
  const remember = (f.elements.namedItem('remember') as HTMLInputElement | null)?.checked ?? true;
  const button = submitButton(f);
  if (button) {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
  }
  const answer = fetch('/api/login', {
    method: 'POST',
    headers: { ...EARLY_HEADERS, 'X-Device-Id': deviceId() },
    body: JSON.stringify({ username: username.trim(), password }),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const target = safeTarget(new URLSearchParams(window.location.search).get('redirect')) ?? '/user/home';
  const sending: EarlySignIn = { username: username.trim(), remember, target, answer, settled: false };
  sent = sending;
  const settle = (signedIn: boolean) => {
    sending.settled = true;
    button?.removeAttribute('aria-busy');
    // refused, and still this module's form (the app has not taken it over): it can be pressed again; signed
    // in, it waits for the app to open the member's screen
    if (button && form === f && !signedIn) button.disabled = false;
  };
  answer.then(
    (res) => settle(res.ok),
    () => settle(false),
  );
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

let refused: string | undefined;
const hearers = new Set<(code: string) => void>();
/** The code of an early sign-in the server refused (or that got no answer), for the form to say. */
export function noteEarlyRefusal(code: string): void {
  refused = code;
}
/**
 * Said to the sign-in form once the app has mounted it and handed it what the member typed before (which,
 * replayed as input, clears a message shown earlier): src/main.tsx calls it then.
 */
export function sayEarlyRefusal(): void {
  const code = refused;
  refused = undefined;
  if (code) for (const hear of hearers) hear(code);
}
/** The form hears a refusal through this; answers the function that stops it. */
export function onEarlyRefusal(hear: (code: string) => void): () => void {
  hearers.add(hear);
  return () => void hearers.delete(hear);
}
