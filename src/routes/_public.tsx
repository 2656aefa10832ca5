import { createFileRoute, redirect } from '@tanstack/react-router';
import { PublicShell } from '../features/site/public-shell';
import { hasLiveSession } from '../lib/session';

/** A signed-in member opening the sign-in or register page goes to the wallet; a stale token is cleared (§4). */
const SIGNED_OUT_ONLY = /^\/(login|register)\/?$/;

export const Route = createFileRoute('/_public')({
  beforeLoad: async ({ location }) => {
    if (!SIGNED_OUT_ONLY.test(location.pathname)) return void hasLiveSession();
    if (await hasLiveSession()) throw redirect({ to: '/user/home', replace: true });
  },
  component: PublicShell,
});
