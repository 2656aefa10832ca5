import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './features/site/not-found-page';
import { routeTree } from './routeTree.gen';
import { RouteError } from './ui/route-error';

/** `history` (a memory history) and `isServer` only for the build's pre-rendering (src/entry-server.tsx). */
export function createAppRouter(queryClient: QueryClient, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    scrollRestoration: true,
    // on the server, scroll restoration would be an inline script (the CSP refuses those); the browser does it itself
    ...(server && { history: server.history, isServer: true, scrollRestoration: false }),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0, // react-query decides freshness
    defaultNotFoundComponent: NotFoundPage,
    // a translated screen with a retry (and a reload when a chunk is gone) instead of the router's English one
    defaultErrorComponent: RouteError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
