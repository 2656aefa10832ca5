import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from '@tanstack/react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StaffRole } from '../../../contract/staff';
import { FormError } from '../../ui/field';
import { useOnline } from '../../ui/use-online';
import { StaffLink, useStaffNavigate, type StaffPath } from '../link';
import { mayOpen } from '../roles';
import { useSignOut } from '../session/mutations';
import { rememberSignedOutFrom } from '../return-to';
import { meQueryOptions } from '../session/queries';
import { staffErrorMessage } from '../staff-errors';
import { LanguageSwitch } from './language-switch';
import { titled } from '../inbox/alerts';
import { useInboxLive } from '../inbox/live';
import { inboxQueryOptions } from '../inbox/queries';

export const ROLE_NAMES: Record<StaffRole, MessageDescriptor> = {
  agent: msg`Agent`,
  finance: msg`Finance`,
  admin: msg`Admin`,
};

/** The screens after the dashboard, in the navigation's order: each shown to the roles that may open it. */
const SCREENS: [StaffPath, MessageDescriptor][] = [
  ['/inbox', msg`Inbox`],
  ['/members', msg`Members`],
  ['/slips', msg`Slips`],
  ['/withdrawals', msg`Withdrawals`],
  ['/deposit-requests', msg`Deposit requests`],
  ['/adjustments', msg`Adjustments`],
  ['/payments', msg`Unmatched payments`],
  ['/statements', msg`Bank statements`],
  ['/statements/queue', msg`Unmatched statement lines`],
  ['/bonuses', msg`Bonuses`],
  ['/promotions', msg`Promotion codes`],
  ['/deposit-accounts', msg`Deposit accounts`],
  ['/reports', msg`Reports`],
  ['/team', msg`Staff accounts`],
  ['/audit', msg`Audit trail`],
  ['/settings', msg`Settings`],
  ['/alerts', msg`Alerts`],
];

/** The signed-in console: who is signed in, the screens their role may open, sign-out. */
export function StaffShell() {
  const { t, i18n } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const navigate = useStaffNavigate();
  const online = useOnline();
  const signOut = useSignOut();
  // the inbox's socket lives on every screen: a customer's message calls the agent wherever they are
  const live = useInboxLive();
  const inbox = useQuery(inboxQueryOptions());
  const waiting = inbox.data?.conversations.filter((c) => c.waitingSince !== null).length ?? 0;
  const base = t`Staff console`;
  useEffect(() => {
    document.title = titled(base, waiting);
  }, [base, waiting]);
  return (
    <div className="staff-app">
      <a className="staff-skip" href="#staff-main">
        <Trans>Skip to the content</Trans>
      </a>
      {me.testSite && (
        <p className="staff-test-site" role="note">
          <Trans>Test site: nothing here is real money.</Trans>
        </p>
      )}
      <header className="staff-header">
        <p className="staff-brand">
          <Trans>Staff console</Trans>
        </p>
        <nav aria-label={t`Console`}>
          <ul>
            <li>
              <StaffLink to="/" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
                <Trans>Dashboard</Trans>
              </StaffLink>
            </li>
            {SCREENS.filter(([path]) => mayOpen(me.role, path)).map(([path, label]) => (
              <li key={path}>
                <StaffLink to={path} activeProps={{ 'aria-current': 'page' }}>
                  {i18n._(label)}
                  {path === '/inbox' && waiting > 0 && (
                    <span className="staff-badge">
                      <span aria-hidden="true">{waiting}</span>
                      <span className="visually-hidden">
                        <Trans>: {waiting} waiting</Trans>
                      </span>
                    </span>
                  )}
                </StaffLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="staff-who">
          {!live && online && (
            <p className="staff-live" role="status">
              <Trans>Live updates: connecting…</Trans>
            </p>
          )}
          <p>
            <span className="staff-name">{me.username}</span> <span className="staff-role">{i18n._(ROLE_NAMES[me.role])}</span>
          </p>
          <LanguageSwitch />
          <button
            type="button"
            disabled={!online || signOut.isPending}
            onClick={() => {
              // one's own sign-out: the next sign-in starts on the dashboard
              rememberSignedOutFrom(undefined);
              signOut.mutate(undefined, { onSettled: () => void navigate('/sign-in') });
            }}
          >
            <Trans>Sign out</Trans>
          </button>
        </div>
      </header>
      {signOut.error && <FormError message={staffErrorMessage(i18n, signOut.error)} />}
      <main id="staff-main" className="staff-main">
        <Outlet />
      </main>
    </div>
  );
}
