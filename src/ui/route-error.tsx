import { useLingui } from '@lingui/react/macro';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useOnline } from './use-online';

/**
 * A script of the app that did not arrive: Chrome, Firefox and Safari word a failed dynamic import so,
 * Vite a stylesheet of a lazy chunk, webpack-style loaders name it ChunkLoadError. Online it means the
 * chunk is gone (a 404: a newer version replaced this page's files); offline, it was never saved here.
 */
const CHUNK =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/;
export const isChunkError = (error: unknown): error is Error =>
  error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK.test(error.message));

/**
 * The router's own guard (its lazy route components reload once per missing chunk, keyed so): the
 * same key here, so a chunk gets one reload in all, and a chunk still missing after it gets the offer.
 */
const reloadKey = (error: Error) => `tanstack_router_reload:${error.message}`;

/** Into the new version; the service worker part is loaded only now (off the first screen's path). */
function reloadToNewVersion() {
  import('../lib/sw-update').then(
    (m) => m.reloadToNewVersion(),
    () => window.location.reload(),
  );
}

/**
 * What every route shows when it failed to render or load (the router's defaultErrorComponent): a
 * sentence in the member's language, never the error's own text (that goes to the console). A chunk
 * that is gone means a new version: the page reloads into it once by itself, then offers the reload.
 * Offline, it says so and tries again when the connection returns.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  const online = useOnline();
  const chunk = isChunkError(error);
  // whether the chunk was missing for want of a connection (then its return is worth a try in place)
  const [offlineCause] = useState(() => !navigator.onLine);
  const retry = useCallback(() => {
    reset();
    void router.invalidate();
  }, [reset, router]);

  useEffect(() => console.error(error), [error]);
  useEffect(() => {
    if (!chunk || !online) return;
    if (offlineCause) {
      retry();
      return;
    }
    const key = reloadKey(error);
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    reloadToNewVersion();
  }, [chunk, online, error, offlineCause, retry]);

  const home = (
    <Link className="button" to="/">
      {t`Go to the home page`}
    </Link>
  );
  if (chunk && !online) {
    return (
      <main className="page narrow center">
        <h1>{t`Offline`}</h1>
        <p>{t`You are offline and this page has not been saved on this device yet. Open it once with a connection to see it offline.`}</p>
        {home}
      </main>
    );
  }
  return (
    <main className="page narrow center">
      <h1>{chunk ? t`A new version is ready.` : t`This page could not be shown.`}</h1>
      <p>
        <button type="button" className="button primary" onClick={chunk ? reloadToNewVersion : retry}>
          {chunk ? t`Reload` : t`Try again`}
        </button>{' '}
        {home}
      </p>
    </main>
  );
}
