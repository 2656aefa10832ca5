import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { TerminatedPage } from '../features/site/terminated-page';
import { isSiteGone } from '../lib/lookups';

export const Route = createFileRoute('/terminated')({ component: TerminatedRoute });

function TerminatedRoute() {
  const { options } = useRouter();
  const navigate = useNavigate();
  return (
    <TerminatedPage
      onCheckAgain={async () => {
        if (await isSiteGone(options.context.queryClient)) return false;
        await navigate({ to: '/login' });
        return true;
      }}
    />
  );
}
