import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { i18n } from './lib/i18n';
import type { createAppRouter } from './router';
import { PersistedQueries } from './ui/persisted-queries';

/**
 * The whole app; the browser (src/main.tsx) and the build's pre-rendering (src/entry-server.tsx) render
 * the same tree. `mounted` resolves when the browser's first render is in place: then the saved query
 * cache comes back (never on the server).
 */
export function AppRoot({
  queryClient,
  router,
  mounted,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  mounted: Promise<unknown>;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <PersistedQueries client={queryClient} mounted={mounted}>
            <RouterProvider router={router} />
          </PersistedQueries>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>
  );
}
