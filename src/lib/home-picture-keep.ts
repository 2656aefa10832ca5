import { getMember, getToken } from './auth-token';
import { HOME_PATH, PICTURE_KEY, type HomePicture } from './home-picture';
import { BUILD_HASH } from './variant';

/** What the picture leaves out: dialogs, alerts, notices already told, and the operator's HTML (src/lib/home-picture.ts). */
const LEFT_OUT = '[role="dialog"], dialog, [role="alert"], .toast, .rich, .while-away, .push-offer';

/**
 * Keeps the home's first screen as it is now: only on the home, with a balance shown, for a member whose
 * session is remembered on this device (one that ends with the tab leaves no picture behind), and only while
 * the session the home was drawn under (`drawnFor`, its token) is still the device's: another member signed in
 * from another tab meanwhile gets no picture of this one's home.
 */
export function keepHomePicture(root: HTMLElement | null, drawnFor: string | null): void {
  if (!root || window.location.pathname !== HOME_PATH || !drawnFor || getToken() !== drawnFor) return;
  if (!root.querySelector('.wallet-hero .balance')) return;
  try {
    if (!localStorage.getItem('token')) return;
    const copy = root.cloneNode(true) as HTMLElement;
    // only the first screen: what lies below it (the game lists) would only be more to draw as the app starts
    const copied = [...copy.querySelectorAll('main > *')];
    [...root.querySelectorAll('main > *')].forEach((part, i) => {
      if (part.getBoundingClientRect().top > window.innerHeight) copied[i]?.remove();
    });
    // a list's choice is its state, not its markup (the language picker): written in so the picture shows it
    const lists = [...copy.querySelectorAll('select')];
    [...root.querySelectorAll('select')].forEach((live, i) => lists[i]?.options[live.selectedIndex]?.setAttribute('selected', ''));
    for (const left of copy.querySelectorAll(LEFT_OUT)) left.remove();
    // an inline style attribute is refused by the page's CSP (style-src 'self'): carried aside, set again by script
    for (const styled of copy.querySelectorAll<HTMLElement>('[style]')) {
      styled.dataset.pictureStyle = styled.getAttribute('style') ?? '';
      styled.removeAttribute('style');
    }
    const picture: HomePicture = {
      member: getMember(),
      build: BUILD_HASH,
      locale: localStorage.getItem('locale') ?? '',
      css: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? ''),
      html: copy.innerHTML,
      at: Date.now(),
    };
    localStorage.setItem(PICTURE_KEY, JSON.stringify(picture));
  } catch {
    // storage full or blocked: the app starts as it would without it
  }
}

/** How long after a new balance is drawn it is kept: the screen's other answers (games, notices) have settled. */
const SETTLED_MS = 2_000;

/** Keeps it once the screen has settled and the browser has a moment (never in the way of what the member waits for). */
export function keepHomePictureSoon(root: HTMLElement | null, drawnFor: string | null): () => void {
  let asked = 0;
  const timer = window.setTimeout(() => {
    if ('requestIdleCallback' in window) asked = window.requestIdleCallback(() => keepHomePicture(root, drawnFor), { timeout: 5_000 });
    else keepHomePicture(root, drawnFor);
  }, SETTLED_MS);
  return () => {
    window.clearTimeout(timer);
    if (asked) window.cancelIdleCallback(asked);
  };
}
