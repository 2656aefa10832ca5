import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, Outlet, useRouter, type RouterHistory } from '@tanstack/react-router';
import { isApiError } from '../lib/http';
import { ROOM_PATTERN } from '../../contract/staff-inbox';
import { AdjustmentsPage } from './adjustments/adjustments-page';
import { AuditPage } from './audit/audit-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { DepositRequestsPage } from './deposit-requests/deposit-requests-page';
import { InboxPage } from './inbox/inbox-page';
import { redirectTo, useStaffNavigate } from './link';
import { rememberSignedOutFrom, takeSignedOutFrom } from './return-to';
import { MemberPage } from './members/member-page';
import { MembersPage } from './members/members-page';
import { PaymentsPage } from './payments/payments-page';
import { ReportsPage } from './reports/reports-page';
import { BonusesPage } from './bonuses/bonuses-page';
import { PromotionsPage } from './promotions/promotions-page';
import { TeamPage } from './team/team-page';
import { DepositAccountsPage } from './deposit-accounts/deposit-accounts-page';
import { meQueryOptions, staffKeys } from './session/queries';
import { StaffOfflineBanner } from './shell/offline-banner';
import { StaffNotFound, StaffRouteError } from './shell/route-states';
import { StaffShell } from './shell/staff-shell';
import { SettingsPage } from './settings/settings-page';
import { AlertsPage } from './alerts/alerts-page';
import { useEffect } from 'react';
import { SignInPage } from './sign-in/sign-in-page';
import { SlipsPage } from './slips/slips-page';
import { StatementImportPage } from './statements/import-page';
import { StatementQueuePage } from './statements/queue-page';
import { WithdrawalsPage } from './withdrawals/withdrawals-page';

/**
 * The console's routes, written in code (a few screens; the member app's file routes under src/routes
 * stay the member's). Served under /staff/ (server/src/modules/system/static-site.ts).
 */
const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <>
      <StaffOfflineBanner />
      <Outlet />
    </>
  ),
});

/** The sign-in inside the console (a session ended, or signed out): nothing of the last session is kept. */
function ConsoleSignIn() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const navigate = useStaffNavigate();
  useEffect(() => queryClient.removeQueries({ queryKey: staffKeys.all }), [queryClient]);
  return (
    <SignInPage
      onSignedIn={(staff) => {
        queryClient.setQueryData(staffKeys.me(), staff);
        const back = takeSignedOutFrom();
        void (back ? router.navigate({ href: back }) : navigate('/'));
      }}
    />
  );
}

const signInRoute = createRoute({ getParentRoute: () => rootRoute, path: 'sign-in', component: ConsoleSignIn });

/** Every other screen needs a session: without one (401), the sign-in. */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(meQueryOptions());
    } catch (err) {
      if (isApiError(err) && err.status === 401) {
        rememberSignedOutFrom(location.href);
        throw redirectTo('/sign-in');
      }
      throw err;
    }
  },
  component: StaffShell,
});

const dashboardRoute = createRoute({ getParentRoute: () => signedInRoute, path: '/', component: DashboardPage });
const auditRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'audit', component: AuditPage });

const slipsRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'slips', component: SlipsPage });
const withdrawalsRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'withdrawals', component: WithdrawalsPage });
const depositRequestsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'deposit-requests',
  component: DepositRequestsPage,
});

const membersRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'members', component: MembersPage });
const memberRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'members/$id', component: MemberPage });
const adjustmentsRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'adjustments', component: AdjustmentsPage });
const paymentsRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'payments', component: PaymentsPage });
const statementsRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'statements', component: StatementImportPage });
const statementQueueRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'statements/queue', component: StatementQueuePage });
const settingsRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'settings', component: SettingsPage });
const alertsRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'alerts', component: AlertsPage });
const reportsRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'reports', component: ReportsPage });
const bonusesRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'bonuses', component: BonusesPage });
const promotionsRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'promotions', component: PromotionsPage });
const depositAccountsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'deposit-accounts',
  component: DepositAccountsPage,
});
const teamRoute = createRoute({ getParentRoute: () => signedInRoute, path: 'team', component: TeamPage });
const ROOM = new RegExp(ROOM_PATTERN);
const inboxRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'inbox',
  // the chosen conversation: a room's key, or none
  validateSearch: (search: Record<string, unknown>): { room?: string } =>
    typeof search.room === 'string' && ROOM.test(search.room) ? { room: search.room } : {},
  component: InboxPage,
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  signedInRoute.addChildren([
    dashboardRoute,
    auditRoute,
    slipsRoute,
    withdrawalsRoute,
    depositRequestsRoute,
    membersRoute,
    memberRoute,
    adjustmentsRoute,
    paymentsRoute,
    statementsRoute,
    statementQueueRoute,
    settingsRoute,
    alertsRoute,
    reportsRoute,
    bonusesRoute,
    promotionsRoute,
    depositAccountsRoute,
    teamRoute,
    inboxRoute,
  ]),
]);

export const STAFF_BASEPATH = '/staff';

/** `history`: a memory history in the tests. */
export function createStaffRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    basepath: STAFF_BASEPATH,
    ...(history && { history }),
    context: { queryClient },
    defaultErrorComponent: StaffRouteError,
    defaultNotFoundComponent: StaffNotFound,
  });
}
