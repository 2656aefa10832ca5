import type { ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { NOT_FOUND_MARK, type Prerendered } from './lib/prerendered';
import type { createAppRouter } from './router';

/**
 * Hydrates the pre-rendered page when the router, once loaded, shows that very page (so the first
 * render matches the HTML: no flash, no shift); otherwise (another page after a redirect, another
 * language, no pre-rendered HTML) renders the app anew in place of the HTML.
 */
export async function mountApp(
  container: HTMLElement,
  app: ReactElement,
  router: ReturnType<typeof createAppRouter>,
  prerendered: Prerendered | undefined,
): Promise<'hydrated' | 'rendered'> {
  if (prerendered) {
    // the router renders its tree as it did on the server (no outer Suspense), as its own SSR client does
    router.ssr = { manifest: undefined };
    await router.load();
    const { location, matches } = router.state;
    const notFound = matches.some((m) => m.status === 'notFound' || m._notFound);
    const same = prerendered.path === NOT_FOUND_MARK ? notFound : !notFound && location.pathname === prerendered.path;
    if (same && matches.every((m) => m.status === 'success' || m.status === 'notFound')) {
      hydrateRoot(container, app);
      return 'hydrated';
    }
    router.ssr = undefined;
  }
  container.replaceChildren();
  createRoot(container).render(app);
  return 'rendered';
}
