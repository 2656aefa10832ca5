import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { staffErrorMessage } from '../staff-errors';
import { StaffLink } from '../link';
import { useOnline } from '../../ui/use-online';

/** A screen that failed to load: the reason in the console's words, and a retry. */
export function StaffRouteError({ error, reset }: ErrorComponentProps) {
  const { i18n } = useLingui();
  const router = useRouter();
  useEffect(() => console.error(error), [error]);
  return (
    <div className="staff-panel" role="alert">
      <p>{staffErrorMessage(i18n, error)}</p>
      <button
        type="button"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

export function StaffNotFound() {
  return (
    <div className="staff-panel">
      <h1>
        <Trans>This page does not exist</Trans>
      </h1>
      <StaffLink to="/">
        <Trans>Go to the dashboard</Trans>
      </StaffLink>
    </div>
  );
}

/** What a role may not open: the server refuses it too (403 STAFF_FORBIDDEN). */
export function NotAllowed() {
  return (
    <div className="staff-panel" role="alert">
      <h1>
        <Trans>Not allowed</Trans>
      </h1>
      <p>
        <Trans>Your role cannot open this screen. Ask an admin if you need it.</Trans>
      </p>
    </div>
  );
}

/** What a screen's query is doing when it has no data to show: loading, or its refusal with a retry (offline: none). */
export function QueryState({ query }: { query: { isPending: boolean; error: unknown; isFetching: boolean; refetch: () => unknown } }) {
  const { i18n } = useLingui();
  const online = useOnline();
  return (
    <>
      {query.isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {query.error && (
        <div role="alert">
          <p>{staffErrorMessage(i18n, query.error)}</p>
          <button type="button" onClick={() => void query.refetch()} disabled={!online || query.isFetching}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
    </>
  );
}
