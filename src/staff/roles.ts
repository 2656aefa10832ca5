import type { StaffRole } from '../../contract/staff';
import type { StaffPath } from './link';

/**
 * Which roles may open which screens: the navigation, the dashboard's links and the screens themselves
 * read this one list (the server checks the role again on every call: 403 STAFF_FORBIDDEN).
 */
const SCREEN_ROLES: Partial<Record<StaffPath, readonly StaffRole[]>> = {
  '/audit': ['admin'],
  '/slips': ['finance', 'admin'],
  '/withdrawals': ['finance', 'admin'],
  '/deposit-requests': ['finance', 'admin'],
  '/adjustments': ['finance', 'admin'],
  '/payments': ['finance', 'admin'],
  '/statements': ['finance', 'admin'],
  '/statements/queue': ['finance', 'admin'],
  '/settings': ['admin'],
  '/alerts': ['admin'],
  '/reports': ['finance', 'admin'],
  '/bonuses': ['finance', 'admin'],
  '/promotions': ['finance', 'admin'],
  '/deposit-accounts': ['finance', 'admin'],
  '/team': ['admin'],
};

/** A screen not in the list is every signed-in role's. */
export const mayOpen = (role: StaffRole, path: StaffPath): boolean => SCREEN_ROLES[path]?.includes(role) ?? true;
