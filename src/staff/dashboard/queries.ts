import { queryOptions } from '@tanstack/react-query';
import type { StaffDashboard } from '../../../contract/staff';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...staffKeys.all, 'dashboard'] as const,
    queryFn: ({ signal }) => staffApi<StaffDashboard>('/api/staff/dashboard', { signal }),
    // the queues move while the page is open
    refetchInterval: 30_000,
  });
