import { useLingui } from '@lingui/react/macro';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/site/not-found-page';
import { OfflineBanner } from '../ui/offline-banner';
import { ToastRegion } from '../ui/toast';
import { UpdatePrompt } from '../ui/update-prompt';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  const { t } = useLingui();
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <ToastRegion dismissLabel={t`Dismiss`} />
      <UpdatePrompt />
    </>
  );
}
