import { createFileRoute, redirect } from '@tanstack/react-router';
import { UserShell } from './-user-shell';
import { getToken } from '../lib/auth-token';
import { loadCatalogPart } from '../lib/i18n';

/** §2 guard: no stored token sends the member to /login carrying where they wanted to go. */
export const Route = createFileRoute('/user')({
  beforeLoad: async ({ location }) => {
    if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } });
    await loadCatalogPart('member');
  },
  component: UserShell,
});
