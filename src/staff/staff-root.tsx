import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from './i18n';
import type { createStaffRouter } from './router';
import { StaffUnavailableBanner } from './shell/unavailable-banner';

/** The whole console; the browser (main.tsx) and the tests render the same tree. */
export function StaffRoot({ queryClient, router }: { queryClient: QueryClient; router: ReturnType<typeof createStaffRouter> }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <StaffUnavailableBanner onBack={async () => (await queryClient.invalidateQueries(), await router.invalidate())} />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  );
}
