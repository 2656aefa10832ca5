import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/account/profile-page';

export const Route = createFileRoute('/user/profile')({
  loader: ({ context }) => void import('../../features/account/queries').then((m) => context.queryClient.prefetchQuery(m.profileQuery())),
  component: ProfilePage,
});
