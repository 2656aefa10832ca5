import { setApiReactions } from './lib/api';
import { i18n, initI18n } from './lib/i18n';
import { prerenderedPage } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { AppRoot } from './app-root';
import { appReactions } from './app-reactions';
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
setApiReactions(appReactions(router, queryClient));

await mountApp(container, <AppRoot queryClient={queryClient} router={router} mounted={whenMounted} />, router, prerendered);
mounted();
