import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { StaffDashboard } from '../../../contract/staff';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { dashboardQueryOptions } from './queries';

const COUNTS: [keyof StaffDashboard, MessageDescriptor][] = [
  ['slipsInReview', msg`Slips in review`],
  ['withdrawalsWaiting', msg`Withdrawals waiting`],
  ['depositRequestsWaiting', msg`Manual deposit requests waiting`],
];

/** The work queues' counts (the queues' own screens come next: the counts link nowhere yet). */
export function DashboardPage() {
  const { i18n } = useLingui();
  const heading = useFocusHeading();
  const { data, error, isPending, refetch, isFetching } = useQuery(dashboardQueryOptions());
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <section aria-labelledby="staff-dashboard-title">
      <h1 id="staff-dashboard-title" ref={heading} tabIndex={-1}>
        <Trans>Dashboard</Trans>
      </h1>
      {isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {error && !data && (
        <div role="alert">
          <p>{staffErrorMessage(i18n, error)}</p>
          <button type="button" onClick={() => void refetch()} disabled={isFetching}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {data && (
        <dl className="staff-counts">
          {COUNTS.map(([key, label]) => (
            <div key={key} className="staff-count">
              <dt>{i18n._(label)}</dt>
              <dd>{number.format(data[key])}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
