import { Trans } from '@lingui/react/macro';
import { useOnline } from '../../ui/use-online';

/** The console keeps nothing offline: without the network it says so, and its actions are disabled. */
export function StaffOfflineBanner() {
  if (useOnline()) return null;
  return (
    <div className="staff-offline" role="status">
      <Trans>You are offline. The console needs the network: actions are disabled until the connection is back.</Trans>
    </div>
  );
}
