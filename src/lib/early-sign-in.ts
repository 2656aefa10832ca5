/**
 * The pre-rendered sign-in form works before the app has started (src/boot.ts): a member whose phone
 * filled in the password (or who types fast) presses Sign in while the app's code is still on its way on a
 * slow line, and the sign-in is sent at once instead of after the app has loaded and hydrated the form
 * (about 1.5 s on the slow-phone profile). The app reads the answer as it starts (src/main.tsx): signed in,
 * it opens the member's screen without hydrating the form; refused, it hydrates the form and says why.
 * This part loads with the page; the part that sends (early-sign-in-send.ts) is fetched as it starts,
 * beside the app's code, and is never in the way of the page's first script.
 */

export interface EarlySignIn {
  username: string;
  remember: boolean;
  /** Where the sign-in leads: the page's own `redirect` when it is a signed-in page, else the home. */
  target: string;
  /** The server's answer as fetch gave it (read by src/lib/early-answer.ts), or why there is none. */
  answer: Promise<Response>;
  /** The member's wallet, asked as soon as the answer brought the token (none when it brought none). */
  wallet: Promise<Response | undefined>;
  settled: boolean;
}

let form: HTMLFormElement | null = null;
let sent: EarlySignIn | undefined;
/** The form the app has taken over but may not have hydrated yet, and whether it was pressed meanwhile. */
let holding: HTMLFormElement | null = null;
let held = false;

/** Only the site's own signed-in pages are a sign-in's target, never another origin (the route's rule too). */
export function safeTarget(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/user') ? value : undefined;
}

const submitButton = (f: HTMLFormElement) => f.querySelector<HTMLButtonElement>('button[type="submit"]');
const sender = () => import('./early-sign-in-send');

/** Makes the pre-rendered form of `root` (if it is the sign-in's) send the sign-in itself until the app takes it over. */
export function listenForEarlySignIn(root: HTMLElement): void {
  form = root.querySelector<HTMLFormElement>('form[data-early-sign-in]');
  if (!form) return;
  form.addEventListener('submit', sendEarly);
  // the part that sends comes now, beside the app's code (1 KB: by the time a member presses, it is here)
  sender().catch(() => undefined);
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
  const target = safeTarget(new URLSearchParams(window.location.search).get('redirect')) ?? '/user/home';
  const going = sender().then((m) => m.sendSignIn(username, password, target));
  const answer = going.then((g) => g.answer);
  const sending: EarlySignIn = (sent = {
    username,
    remember: field('remember')?.checked ?? true,
    target,
    answer,
    wallet: going.then((g) => g.wallet),
    settled: false,
  });
  // read by the app if it starts; a failure no one reads is no error
  sending.wallet.catch(() => undefined);
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

/** The sign-in sent from the pre-rendered form so far, if any (the app starts loading where it leads). */
export function earlySignIn(): EarlySignIn | undefined {
  return sent;
}

/** A press between the takeover and the app's form being ready: kept for the app, never the browser's submit. */
function hold(event: Event) {
  event.preventDefault();
  // not to React's listener either: its form has the fields' values only once the app has started (replay)
  event.stopPropagation();
  held = true;
}

/**
 * The app, about to mount: from here on its own form handles a submit. Until the app has started (React
 * has hydrated the form and put in it what the member typed: `releaseHeldSignIn`), a press is held, not
 * lost: a disabled button would drop it in silence, and React's form, hydrated with empty fields, would
 * ignore it. Answers what was sent early, once.
 */
export function takeOverSignIn(): EarlySignIn | undefined {
  if (form) {
    form.removeEventListener('submit', sendEarly);
    form.addEventListener('submit', hold);
    holding = form;
    form = null;
  }
  const taken = sent;
  sent = undefined;
  return taken;
}

/** The app has started: a press held since the takeover is made again, now the app's (its form is on the page). */
export function releaseHeldSignIn(): void {
  holding?.removeEventListener('submit', hold);
  if (held && holding?.isConnected) holding.requestSubmit();
  holding = null;
  held = false;
}
