import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { SwUpdate } from '../lib/sw-update';

/** Loads the service worker's registration once the page has loaded: the first screen never waits for it. */
function afterLoad(run: () => void): () => void {
  let cancelled = false;
  const start = () => {
    if (!cancelled) run();
  };
  if (document.readyState === 'complete') setTimeout(start);
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', start);
  };
}

/** "New version ready": the new service worker takes over only when the member says so. */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<SwUpdate | null>(null);
  useEffect(() => {
    if (import.meta.env.DEV) return;
    return afterLoad(() => {
      import('../lib/sw-update').then(({ registerServiceWorker }) => registerServiceWorker(setUpdate)).catch(() => undefined);
    });
  }, []);
  if (!update) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>
        <Trans>A new version is ready.</Trans>
      </span>
      <button type="button" className="button small" onClick={() => update.apply()}>
        <Trans>Reload</Trans>
      </button>
      <button type="button" className="button small ghost" onClick={() => setUpdate(null)}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
