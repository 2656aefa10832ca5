import type { AnyRouter } from '@tanstack/react-router';

/**
 * Fetches the code of the screens that show `pathname` (each route's chunk and its components) without
 * running their guards or loaders, so the code arrives while something else is awaited (the language,
 * the site check, the sign-in answer) instead of after it. A chunk that does not arrive (offline) is
 * asked again by the router when the screen opens.
 */
export function loadPageCode(router: AnyRouter, pathname: string): Promise<void> {
  const [routes] = router.getMatchedRoutes(pathname);
  return Promise.all(routes.map((route) => router.loadRouteChunk(route))).then(
    () => undefined,
    () => undefined,
  );
}
