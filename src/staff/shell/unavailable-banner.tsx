import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect } from 'react';
import { askReadiness, noteServerStatus, useServerUnavailable } from './server-state';

/** While the database is away, how often the console asks whether it is back. */
export const UNAVAILABLE_PROBE_MS = 3000;

/**
 * A database outage, on every screen (the sign-in's too) as soon as a call meets it: what it means, and
 * the console asks /readyz again by itself until the server is ready, then reloads what the screen shows.
 * Above the router: the first load shows nothing until the session check ends, and this must show then.
 * `onBack`: what the screen loads again when the database is back (the console: every query, then the route).
 */
export function StaffUnavailableBanner({ onBack }: { onBack: () => Promise<unknown> }) {
  const unavailable = useServerUnavailable();
  const probe = useCallback(async () => {
    // ready: every screen's data again; anything else: still away
    if ((await askReadiness()) !== 'ready') return;
    noteServerStatus(200);
    try {
      // a screen that gave up while it was away (its error, or the first load's session check) loads again
      await onBack();
    } catch {
      // a screen that fails again says so itself
    }
  }, [onBack]);
  useEffect(() => {
    if (!unavailable) return;
    const timer = setInterval(() => void probe(), UNAVAILABLE_PROBE_MS);
    return () => clearInterval(timer);
  }, [unavailable, probe]);
  if (!unavailable) return null;
  return (
    <div className="staff-unavailable" role="alert">
      <p>
        <Trans>
          The server cannot reach its database: nothing can be shown or changed until it is back. The console tries again by itself every
          few seconds.
        </Trans>
      </p>
      <button type="button" onClick={() => void probe()}>
        <Trans>Try now</Trans>
      </button>
    </div>
  );
}
