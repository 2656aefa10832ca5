/**
 * The page's only script tag. The public pages are pre-rendered HTML: they paint from the HTML and
 * CSS alone, so the app (src/main.tsx and the libraries it imports) is fetched and started after the
 * first paint is on the screen instead of competing with the stylesheet for the connection. Other pages get the empty
 * shell, for which waiting a frame costs nothing.
 */
// the stylesheet stays in the page's <head>, render-blocking: the first paint is the styled page. It is
// the global rules, then the pre-rendered pages' own (a member screen's CSS comes with its chunk instead,
// which these pages would paint without)
import './styles.css';
import './features/site/site.css';
import './features/auth/auth.css';
import './features/register/register.css';
import './features/contact/contact.css';
import './features/howto/howto.css';
import { listenForEarlySignIn } from './lib/early-sign-in';

// React DOM's module beside the app's (src/main.tsx imports it again, to render): fetched at once, evaluated in a
// task of its own
const start = () => {
  void import('./mount');
  void import('./main');
};

/**
 * Runs `then` once the first contentful paint is on the screen (its performance entry comes when the
 * frame is presented, which on a slow phone is well after the frame was drawn); a frame and 250 ms
 * later at the latest, where paint timing is missing.
 */
function afterFirstPaint(then: () => void) {
  let observer: PerformanceObserver | undefined;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  try {
    observer = new PerformanceObserver((list) => void (list.getEntriesByName('first-contentful-paint').length && once()));
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // no paint timing here: the frame below decides
  }
  requestAnimationFrame(() => setTimeout(once, 250));
}

/** Whether a member's session is kept on the device (src/lib/auth-token.ts's key, written out: that module is not in this file). */
function sessionKept(): boolean {
  try {
    return 'token' in localStorage || 'token' in sessionStorage;
  } catch {
    return false; // storage blocked: signed out
  }
}

const root = document.getElementById('root');
const here = location;
if (here.pathname === '/' && !sessionKept()) {
  // the site's address, signed out: the pre-rendered sign-in page at once, instead of starting the whole app to
  // learn that the home's guard sends a visitor there (a member with a session starts the app: it opens the home)
  here.replace('/login');
} else if (root?.dataset.prerendered) {
  // the sign-in form signs in before the app has started (src/lib/early-sign-in.ts)
  listenForEarlySignIn(root);
  afterFirstPaint(start);
} else {
  // the installed app reopened on the home: its last picture, if one is kept, shows while the app starts
  if (root && here.pathname === '/user/home')
    void import('./lib/home-picture-show').then((m) => m.showHomePicture(root)).catch(() => undefined);
  start();
}
