import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { registerServiceWorker, type SwUpdate } from '../lib/sw-register';

/** "New version ready": the new service worker takes over only when the member says so. */
export function UpdatePrompt() {
  const [update, setUpdate] = useState<SwUpdate | null>(null);
  useEffect(() => registerServiceWorker(setUpdate), []);
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
