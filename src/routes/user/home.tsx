import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/account/home-page';
import { profileQuery } from '../../features/account/queries';

export const Route = createFileRoute('/user/home')({
  // start the call early; a failure is shown by the page (and offline the saved copy is used)
  loader: ({ context }) => void context.queryClient.prefetchQuery(profileQuery()),
  component: HomePage,
});
