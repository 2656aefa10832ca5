import { createFileRoute } from '@tanstack/react-router';
import { UserHome } from './-user-home';

export const Route = createFileRoute('/user/home')({
  // start the call early (the page shows a failure, and offline the saved copy); imported here so
  // the wallet's code stays out of the login route's bundle. An answer this page had in the last 2 s (asked at
  // sign-in, src/lib/signed-in-code.ts) is not asked again
  loader: ({ context }) =>
    void import('../../lib/member/wallet-query').then((m) =>
      m.answeredJustNow(context.queryClient.getQueryState(m.walletKeys.wallet)?.dataUpdatedAt)
        ? undefined
        : context.queryClient.prefetchQuery(m.walletQuery()),
    ),
  component: UserHome,
});
