import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useLocation, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page';
import type { SignedOutReason } from '../../lib/api';
import { safeTarget } from '../../lib/early-sign-in';
import { isSiteGone } from '../../lib/lookups';
import { askWalletEarly, prepareSignedIn } from '../../lib/signed-in-code';

interface LoginSearch {
  redirect?: string;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The phone just registered or given a new password, for the sign-in page to fill in (kept out of the address). */
    phone?: string;
    /** Why the member was sent here signed out, where the server said (src/app-reactions.ts). */
    signedOut?: SignedOutReason;
  }
}

export const Route = createFileRoute('/_public/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const target = safeTarget(search.redirect);
    return target ? { redirect: target } : {};
  },
  // §2 guard: on /login, ask whether the site is active first (asked as the page started, src/main.tsx)
  beforeLoad: async ({ context }) => {
    if (await isSiteGone(context.queryClient, 5_000)) throw redirect({ to: '/terminated' });
    document.body.classList.remove('terminated');
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = useSearch({ from: '/_public/login' });
  const phone = useLocation({ select: (location) => location.state.phone });
  const signedOut = useLocation({ select: (location) => location.state.signedOut });
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const to = target ?? '/user/home';
  return (
    <LoginPage
      phone={phone}
      signedOut={signedOut}
      onSubmitting={() => prepareSignedIn(router, to)}
      onSignedIn={() => {
        askWalletEarly(queryClient);
        void navigate({ href: to, replace: true });
      }}
    />
  );
}
