import { Link, redirect, useRouter, type AnyRouter, type LinkProps } from '@tanstack/react-router';
import type { ComponentProps } from 'react';

/**
 * The console's paths (under its basepath /staff). The router types its links from the one router the
 * project registers, the member app's (src/router.tsx), so the console's own links are typed here.
 */
export type StaffPath =
  | '/'
  | '/sign-in'
  | '/audit'
  | '/slips'
  | '/withdrawals'
  | '/deposit-requests'
  | '/members'
  | '/adjustments'
  | '/payments'
  | '/statements'
  | '/statements/queue'
  | '/settings'
  | '/alerts'
  | '/reports'
  | '/bonuses'
  | '/promotions'
  | '/deposit-accounts'
  | '/team'
  | '/inbox';

export function StaffLink({ to, ...rest }: Omit<ComponentProps<typeof Link>, 'to'> & { to: StaffPath }) {
  return <Link to={to as LinkProps['to']} {...rest} />;
}

export const redirectTo = (to: StaffPath) => redirect({ to: to as LinkProps['to'] });

export const goTo = (router: AnyRouter, to: StaffPath) => router.navigate({ to: to as LinkProps['to'] });

/** Navigates to one of the console's screens. */
export function useStaffNavigate() {
  const router = useRouter();
  return (to: StaffPath) => goTo(router, to);
}
