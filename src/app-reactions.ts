import type { QueryClient } from '@tanstack/react-query';
import type { ApiReactions } from './lib/api';
import { forgetMemberData } from './lib/session';
import type { createAppRouter } from './router';

/**
 * §4 global reactions to the server's messages: 'gone' to /terminated, an ended session to /login (carrying
 * where the member was, and why it ended where the server said: the sign-in page tells a member staff
 * disabled). Already on /login, a later refusal with nothing to add (a call that was on its way) stays there,
 * keeping what the page says.
 */
export function appReactions(router: ReturnType<typeof createAppRouter>, queryClient: QueryClient): ApiReactions {
  return {
    onGone: () => void router.navigate({ to: '/terminated' }),
    onInvalidToken: (reason) => {
      forgetMemberData(queryClient);
      const { pathname, href } = router.state.location;
      const onLogin = pathname === '/login';
      if (onLogin && !reason) return;
      void router.navigate({
        to: '/login',
        search: onLogin ? true : href.startsWith('/user') ? { redirect: href } : {},
        ...(reason && { state: { signedOut: reason } }),
      });
    },
  };
}
