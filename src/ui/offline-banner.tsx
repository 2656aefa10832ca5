import { Trans } from '@lingui/react/macro';
import { useOnline } from './use-online';

export function OfflineBanner() {
  if (useOnline()) return null;
  return (
    <div className="offline-banner" role="status">
      <Trans>You are offline. Showing saved information; actions that need the internet are paused.</Trans>
    </div>
  );
}
