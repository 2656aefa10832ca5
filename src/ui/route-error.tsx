import { useLingui } from '@lingui/react/macro';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useOnline } from './use-online';

/**
 * A script of the app that did not arrive: Chrome, Firefox and Safari word a failed dynamic import so,
 * Vite a stylesheet of a lazy chunk, webpack-style loaders name it ChunkLoadError. Online it means the
 * chunk is gone (a 404: a newer version replaced this page's files); offline, it was never saved here.
 */
const CHUNK = /dynamically imported module|Importing a module script failed|Unable to preload CSS/;
export const isChunkError = (error: unknown): error is Error =>
  error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK.test(error.message));

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
  const retry = () => {
    reset();
    void router.invalidate();
  };

  useEffect(() => console.error(error), [error]);
  useEffect(() => {
    if (!chunk || !online) return;
    if (offlineCause) {
      reset();
      void router.invalidate();
      return;
    }
    // the router's own guard (its lazy route components reload once per missing chunk, under this key):
    // one reload per chunk in all, and a chunk still missing after it gets the offer
    const key = `tanstack_router_reload:${error.message}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      return; // storage blocked: nothing would stop a loop, so the member decides
    }
    reloadToNewVersion();
  }, [chunk, online, error, offlineCause, reset, router]);

  const offline = chunk && !online;
  return (
    <main className="page narrow center">
      <h1>{offline ? t`Offline` : chunk ? t`A new version is ready.` : t`This page could not be shown.`}</h1>
      {offline && (
        <p>{t`You are offline and this page has not been saved on this device yet. Open it once with a connection to see it offline.`}</p>
      )}
      <p>
        {!offline && (
          <button type="button" className="button primary" onClick={chunk ? reloadToNewVersion : retry}>
            {chunk ? t`Reload` : t`Try again`}
          </button>
        )}{' '}
        <Link className="button" to="/">
          {t`Go to the home page`}
        </Link>
      </p>
    </main>
  );
}
