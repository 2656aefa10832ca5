import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { i18n } from './lib/i18n';
import type { createAppRouter } from './router';
import { PersistedQueries, type Restore } from './ui/persisted-queries';

/**
 * The whole app; the browser (src/main.tsx) and the build's pre-rendering (src/entry-server.tsx) render
 * the same tree. `restore` is the saved query cache coming back (src/main.tsx; never on the server).
 */
export function AppRoot({
  queryClient,
  router,
  restore,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  restore: Restore;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <PersistedQueries restore={restore}>
            <RouterProvider router={router} />
          </PersistedQueries>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
