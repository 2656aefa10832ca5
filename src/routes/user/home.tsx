import { createFileRoute } from '@tanstack/react-router';
import { UserHome } from './-user-home';

export const Route = createFileRoute('/user/home')({
  // start the call early (the page shows a failure, and offline the saved copy); imported here so
  // the wallet's code stays out of the login route's bundle
  loader: ({ context }) => void import('../../lib/member/wallet-query').then((m) => context.queryClient.prefetchQuery(m.walletQuery())),
  component: UserHome,
});
