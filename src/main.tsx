import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setApiReactions } from './lib/api';
import { i18n, initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { forgetMemberData } from './lib/session';
import { createAppRouter } from './router';
import { PersistedQueries } from './ui/persisted-queries';
import './styles.css';

await initI18n();
const queryClient = createQueryClient();
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <PersistedQueries client={queryClient}>
          <RouterProvider router={router} />
        </PersistedQueries>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
