import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { StaffPath } from '../link';
import { mayOpen } from '../roles';
import { meQueryOptions } from '../session/queries';
import { NotAllowed } from './route-states';

/**
 * A screen some roles may not open: the navigation hides it from them, and whoever opens its address is
 * told so without asking the server for its data (the children mount only for an allowed role). A part of
 * another screen gives its own `fallback` (nothing, say) in place of "not allowed".
 */
export function RoleGate({ path, children, fallback = <NotAllowed /> }: { path: StaffPath; children: ReactNode; fallback?: ReactNode }) {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  return mayOpen(me.role, path) ? children : fallback;
}
