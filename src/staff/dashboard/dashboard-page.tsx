import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { StaffDashboard } from '../../../contract/staff';
import { StaffLink, type StaffPath } from '../link';
import { mayOpen } from '../roles';
import { meQueryOptions } from '../session/queries';
import { staffErrorMessage } from '../staff-errors';
import { useFocusHeading } from '../use-focus-heading';
import { GoLiveSection } from './go-live-section';
import { dashboardQueryOptions } from './queries';

const COUNTS: [keyof StaffDashboard, MessageDescriptor, StaffPath][] = [
  ['slipsInReview', msg`Slips in review`, '/slips'],
  ['withdrawalsWaiting', msg`Withdrawals waiting`, '/withdrawals'],
  ['depositRequestsWaiting', msg`Manual deposit requests waiting`, '/deposit-requests'],
  ['unmatchedPayments', msg`Unmatched payments`, '/payments'],
  ['chatsWaiting', msg`Chats waiting for an answer`, '/inbox'],
  ['statementLinesWaiting', msg`Unmatched statement lines`, '/statements/queue'],
  ['bonusEndsWaiting', msg`Bonus ends waiting for a second person`, '/members'],
];

/** The work queues' counts: each a link to its queue for the roles that may open it, a plain number for the others. */
export function DashboardPage() {
  const { i18n } = useLingui();
  const heading = useFocusHeading();
  const { data: me } = useSuspenseQuery(meQueryOptions());
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
          {COUNTS.map(([key, label, path]) => {
            const count = number.format(data[key]);
            const name = i18n._(label);
            return (
              <div key={key} className="staff-count">
                <dt>{name}</dt>
                <dd>
                  {mayOpen(me.role, path) ? (
                    // the link's name says which queue, not only the number
                    <StaffLink to={path} aria-label={`${name}: ${count}`}>
                      {count}
                    </StaffLink>
                  ) : (
                    count
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {me.role === 'admin' && <GoLiveSection />}
    </section>
  );
}
