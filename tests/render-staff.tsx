import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { activateStaffLocale, loadConsoleWords, type StaffLocale } from '../src/staff/i18n';
import { StaffRoot } from '../src/staff/staff-root';
import { startStaff } from '../src/staff/start';
import { setInboxSocketMaker, type InboxSocket } from '../src/staff/inbox/live';
import type { StaffDashboard } from '../contract/staff';
import type { DepositAccount } from '../contract/staff-deposit-accounts';

export { fakeServer } from './render';

/**
 * The console's socket in the tests. Every rendered console gets one that never connects (so no screen's
 * test sees the socket's ticket among its calls); `fakeInboxSocket({ connects: true })` before rendering
 * gives one that connects, joins at once (acknowledged as the server would) and lets the test tell it
 * inbox events.
 */
export function fakeInboxSocket({ connects = false } = {}) {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const joins: unknown[] = [];
  const socket = {
    active: false,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    timeout() {
      return {
        emit(event: string, data: unknown, ack?: (err: Error | null, answer: unknown) => void) {
          if (event === 'staff-join') {
            joins.push(data);
            ack?.(null, { message: 'SUCCESS' });
          }
        },
      };
    },
    connect() {
      if (!connects) return socket;
      socket.active = true;
      for (const h of handlers.get('connect') ?? []) h();
      return socket;
    },
    disconnect() {
      socket.active = false;
      return socket;
    },
  };
  setInboxSocketMaker(() => socket as unknown as InboxSocket);
  return {
    joins,
    /** What the server would tell the console. */
    fire: (event: unknown) => {
      for (const h of handlers.get('inbox') ?? []) h(event);
    },
  };
}

/** The staff console at `path` (under /staff), in `locale`, with the fetch of tests/render.tsx's fakeServer (and `socket`, made before). */
export async function renderStaff(path = '/staff/', locale: StaffLocale = 'en', socket?: ReturnType<typeof fakeInboxSocket>) {
  // a test that gives none gets the socket that never connects
  if (!socket) fakeInboxSocket();
  // the console's words as well as its sign-in's, as the console loads them (src/staff/console.tsx)
  await loadConsoleWords();
  await activateStaffLocale(locale, false);
  const app = startStaff(createMemoryHistory({ initialEntries: [path] }));
  const result = render(<StaffRoot queryClient={app.queryClient} router={app.router} />);
  return { ...result, ...app };
}

export const signedIn = (role: 'agent' | 'finance' | 'admin', username = 'somchai') => ({
  'GET /api/staff/me': () => [200, { username, role, csrfToken: 'csrf-1' }] as [number, unknown],
});

/** The dashboard's counts (GET /api/staff/dashboard): every queue empty but those `some` names. */
export const dashboardCounts = (some: Partial<StaffDashboard> = {}): StaffDashboard => ({
  slipsInReview: 0,
  withdrawalsWaiting: 0,
  depositRequestsWaiting: 0,
  unmatchedPayments: 0,
  chatsWaiting: 0,
  statementLinesWaiting: 0,
  bonusEndsWaiting: 0,
  ...some,
});

/** A deposit account as GET /api/staff/deposit-accounts lists it: KBANK, the company's name, active unless `retiredAt`. */
export const depositAccount = (
  bankAccountNo: string,
  currency: 'BAHT' | 'LAK' = 'BAHT',
  retiredAt: string | null = null,
): DepositAccount => ({
  key: `DEPOSIT:KBANK:${bankAccountNo}:${currency}`,
  bankCode: 'KBANK',
  nameTH: 'กสิกรไทย',
  nameEN: 'Kasikornbank',
  nameLA: 'ທະນາຄານກະສິກອນໄທ',
  bankAccountNo,
  bankAccountName: 'WALLET CO., LTD.',
  currency,
  mode: 'AUTO',
  retiredAt,
});
