import { queryOptions } from '@tanstack/react-query';
import type { StaffMe } from '../../../contract/staff';
import { setCsrfToken, staffApi } from '../api';

export const staffKeys = {
  all: ['staff'] as const,
  me: () => [...staffKeys.all, 'me'] as const,
};

/** Who is signed in; its CSRF token is kept for the changing calls. A 401 means no session. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.me(),
    queryFn: async ({ signal }) => {
      const me = await staffApi<StaffMe>('/api/staff/me', { signal });
      setCsrfToken(me.csrfToken);
      return me;
    },
    staleTime: Infinity, // the session's identity does not change under it; a 401 anywhere ends it
  });
