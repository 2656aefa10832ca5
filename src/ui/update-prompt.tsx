import { Trans } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * "New version ready": the waiting service worker takes over only when the member says so, and the
 * page reloads once when it does (workbox-window reloads on the controlling event, not in a loop).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      void navigator.storage?.persist?.();
      // check for a new version every hour while the app stays open
      if (registration) setInterval(() => void registration.update(), 3_600_000);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>
        <Trans>A new version is ready.</Trans>
      </span>
      <button type="button" className="button small" onClick={() => void updateServiceWorker(true)}>
        <Trans>Reload</Trans>
      </button>
      <button type="button" className="button small ghost" onClick={() => setNeedRefresh(false)}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
