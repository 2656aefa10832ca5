import { setApiReactions } from './lib/api';
import { i18n, initI18n } from './lib/i18n';
import { prerenderedPage } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { AppRoot } from './app-root';
import { appReactions } from './app-reactions';
import { followRestore } from './ui/persisted-queries';
import { mountApp } from './mount';
import { asksSiteFirst, siteActiveQuery } from './lib/lookups';
import { loadPageCode } from './lib/page-code';
import { createAppRouter } from './router';

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
// the page's code, and the sign-in page's site check, come while the language does, not after it
void loadPageCode(router, window.location.pathname);
if (asksSiteFirst(window.location.pathname)) void queryClient.prefetchQuery(siteActiveQuery());
await initI18n();
const prerendered = prerenderedPage(container, i18n.locale);

// §4 global reactions to the server's messages
setApiReactions(appReactions(router, queryClient));

await mountApp(container, <AppRoot queryClient={queryClient} router={router} restore={restore} />, router, prerendered);
mounted();
