import { setApiReactions } from './lib/api';
import { ownTask } from './lib/own-task';
import { i18n, initI18n } from './lib/i18n';
import { prerenderedHere, prerenderedPage } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { AppRoot } from './app-root';
import { appReactions } from './app-reactions';
import { followRestore } from './ui/persisted-queries';
import { asksSiteFirst, siteActiveQuery } from './lib/lookups';
import { loadPageCode } from './lib/page-code';
import { earlySignIn, takeOverSignIn, type EarlySignIn } from './lib/early-sign-in';
import { prepareSignedIn } from './lib/signed-in-code';
import { EARLY_PENDING_EVENT } from './lib/early-events';
import { createAppRouter } from './router';

// the libraries' first evaluation (the module graph above) is one task; this module's own start is others
await ownTask();
const queryClient = createQueryClient();
const container = document.getElementById('root')!;
let mounted!: () => void;
const whenMounted = new Promise<void>((resolve) => (mounted = resolve));
// the saved query cache: a member's screen (never pre-rendered) gets it back at once, while the language and
// the screen's code load, so the saved balance and its time show before the server's answer; a pre-rendered
// page was made with no saved data: its saved cache comes back after hydration, so the two match
const restore = followRestore(
  (container.dataset.prerendered ? whenMounted : Promise.resolve())
    .then(() => import('./lib/persistence'))
    .then((m) => m.restoreAndPersist(queryClient)),
);
const router = createAppRouter(queryClient);
await ownTask();
// React DOM's start (its module's first evaluation) in a task of its own, not in this module's: the page
// stays answering between the two (a long task on a slow phone is a tap that waits)
const mounting = import('./mount');
// the page's code, and the sign-in page's site check, come while the language does, not after it; when the
// pre-rendered form has already sent the sign-in, the code and words of the screen it leads to instead
const pressed = earlySignIn();
if (pressed) prepareSignedIn(router, pressed.target);
else {
  void loadPageCode(router, window.location.pathname);
  if (asksSiteFirst(window.location.pathname)) void queryClient.prefetchQuery(siteActiveQuery());
}
/**
 * The answer to a sign-in the pre-rendered form sent: signed in, the session starts at once (the wallet is asked
 * while the language and the screen's code still load) and so does the saved cache's restore (which, restored
 * after a sign-in of this page, brings back no member's data: src/lib/persistence.ts); refused, the form says so.
 */
const adopt = (sent: EarlySignIn) =>
  import('./lib/early-answer').then(
    (m) => m.adoptEarlySignIn(queryClient, sent, whenMounted).then((signedIn) => (signedIn && mounted(), signedIn)),
    // its code did not arrive (the line dropped): the form, hydrated, is pressed again
    () => false,
  );
const adopting = pressed && adopt(pressed);
await ownTask();
// a member's screen, or the one a sign-in sent early leads to, needs the member's words too
await initI18n(pressed || window.location.pathname.startsWith('/user') ? ['member'] : []);
const prerendered = prerenderedPage(container, i18n.locale);

// §4 global reactions to the server's messages
setApiReactions(appReactions(router, queryClient));

// the pre-rendered page drawn anew in the member's language (src/mount.tsx), nothing sent from it yet: its form
// keeps sending a sign-in itself until the app's own form is on the screen (a press while the app loads is not lost)
const redrawn = !pressed && !prerendered && prerenderedHere(container);
/** A sign-in from the pre-rendered form: signed in, the session is started and the app opens where it leads. */
const adoptSent = async (sent: EarlySignIn) => {
  const signedIn = await (sent === pressed && adopting ? adopting : adopt(sent));
  if (signedIn) router.history.replace(sent.target);
  return signedIn;
};
// signed in from the pre-rendered form: its screen is rendered, the form is not hydrated. From here on the
// form is React's; a sign-in sent after the app started loading is read now
const early = redrawn ? undefined : takeOverSignIn();
let signedInEarly = early !== undefined && (await adoptSent(early));
// a member's screen opened on the device: its saved data first, then one render with it (rendered while the
// restore's answer waited for the main thread, the screen was drawn twice, the saved balance last); a second
// at most, should IndexedDB be slow, then the screen shows what it has and fills in when the restore ends
if (!container.dataset.prerendered) await Promise.race([restore.promise, new Promise((resolve) => setTimeout(resolve, 1_000))]);

const { mountApp } = await mounting.catch((err: unknown) => {
  takeOverSignIn();
  throw err;
});
// redrawn, and pressed while the app loaded: as a press before it started, the app opens where the sign-in leads
// (never its own form first)
const sentMeanwhile = redrawn && earlySignIn();
if (sentMeanwhile) {
  takeOverSignIn();
  prepareSignedIn(router, sentMeanwhile.target);
  signedInEarly = await adoptSent(sentMeanwhile);
}
try {
  await mountApp(
    container,
    <AppRoot queryClient={queryClient} router={router} restore={restore} />,
    router,
    signedInEarly ? undefined : prerendered,
  );
} finally {
  // the app's form is the only one from here on, whatever became of the mount
  const late = takeOverSignIn();
  mounted();
  // pressed while the app drew its own form: that form waits with it (no second press, src/features/auth/login-page.tsx);
  // signed in, the app goes where it leads if the member is still on the sign-in page; refused, the form says why
  if (late) {
    document.dispatchEvent(new CustomEvent(EARLY_PENDING_EVENT, { detail: true }));
    void adopt(late).then((signedIn) => {
      document.dispatchEvent(new CustomEvent(EARLY_PENDING_EVENT, { detail: false }));
      if (signedIn && router.state.location.pathname === container.dataset.prerendered) router.history.replace(late.target);
    });
  }
}
