import { useLingui } from '@lingui/react/macro';
import { useIsRestoring, type UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../lib/errors';
import { formatSyncTime } from '../lib/sync-time';
import { useOnline } from './use-online';

type Shown = Pick<UseQueryResult<unknown>, 'data' | 'error' | 'dataUpdatedAt' | 'isFetching' | 'refetch'>;

/**
 * What a screen says about its data, the same on every screen: while loading, a short line; offline
 * with a saved copy, the offline mark and when it was saved; offline without one, a sentence saying
 * so (never a spinner that cannot end); a failed load, why and a way to try again.
 */
export function DataStatus({
  query,
  savedNote = true,
}: {
  query: Shown;
  /** false where the screen shows the sync time itself */ savedNote?: boolean;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const restoring = useIsRestoring();
  const { data, error, dataUpdatedAt, isFetching } = query;
  const retry = (
    <button type="button" className="button small" onClick={() => void query.refetch()} disabled={isFetching || !online}>
      {t`Try again`}
    </button>
  );

  if (data !== undefined) {
    const saved = formatSyncTime(dataUpdatedAt);
    if (!online) {
      if (!savedNote) return null;
      return (
        <p className="sync-status offline" role="status">
          <span className="sync-mark">{t`Offline`}</span> {t`Saved ${saved}`}
        </p>
      );
    }
    if (error && !isFetching) {
      // the reason is a sentence of its own; this one supplies the full stop
      const why = errorMessage(i18n, error.message).replace(/[.。]\s*$/, '');
      return (
        <p className="sync-status stale" role="status">
          <span>{t`Could not refresh: ${why}. Showing what was saved ${saved}.`}</span> {retry}
        </p>
      );
    }
    return null;
  }
  if (restoring || (online && !error)) {
    return (
      <p className="muted" role="status">
        {t`Loading…`}
      </p>
    );
  }
  if (!online) {
    return (
      <p className="notice" role="status">
        {t`You are offline and this page has not been saved on this device yet. Open it once with a connection to see it offline.`}
      </p>
    );
  }
  return (
    <div className="notice row between" role="alert">
      <span>{errorMessage(i18n, error!.message)}</span>
      {retry}
    </div>
  );
}
