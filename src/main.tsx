import { setApiReactions } from './lib/api';
import { i18n, initI18n } from './lib/i18n';
import { prerenderedPage } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { forgetMemberData } from './lib/session';
import { AppRoot } from './app-root';
import { mountApp } from './mount';
import { createAppRouter } from './router';

await initI18n();
const queryClient = createQueryClient();
const container = document.getElementById('root')!;
// a pre-rendered page was made with no saved data: the saved cache comes back after hydration, so the two match
const prerendered = prerenderedPage(container, i18n.locale);
let mounted!: () => void;
const whenMounted = new Promise<void>((resolve) => (mounted = resolve));
const router = createAppRouter(queryClient);

// §4 global reactions to the server's messages
setApiReactions({
  onGone: () => void router.navigate({ to: '/terminated' }),
  onInvalidToken: () => {
    forgetMemberData(queryClient);
    const here = router.state.location.href;
    void router.navigate({ to: '/login', search: here.startsWith('/user') ? { redirect: here } : {} });
  },
});

await mountApp(container, <AppRoot queryClient={queryClient} router={router} mounted={whenMounted} />, router, prerendered);
mounted();
