import { createFileRoute } from '@tanstack/react-router';
import { profileQuery } from '../../features/account/queries';
import { ProfilePage } from '../../features/account/profile-page';

export const Route = createFileRoute('/user/profile')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(profileQuery()),
  component: ProfilePage,
});
