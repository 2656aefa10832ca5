import type { RouterHistory } from '@tanstack/react-router';
import { setStaffReactions, startStaffApi } from './api';
import { goTo } from './link';
import { createStaffQueryClient } from './query-client';
import { rememberSignedOutFrom } from './return-to';
import { createStaffRouter } from './router';

/** The console's cache and router, wired: a session that ended anywhere (idle, revoked) leads to the sign-in. */
export function startStaff(history?: RouterHistory) {
  const queryClient = createStaffQueryClient();
  const router = createStaffRouter(queryClient, history);
  setStaffReactions({
    onSignedOut: () => {
      // a session that ended under a screen: that screen again after the sign-in
      rememberSignedOutFrom(router.state.location.href);
      void goTo(router, '/sign-in');
    },
  });
  startStaffApi();
  return { queryClient, router };
}
