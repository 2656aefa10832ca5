import { queryOptions } from '@tanstack/react-query';
import type { GoLive, StaffDashboard } from '../../../contract/staff';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...staffKeys.all, 'dashboard'] as const,
    queryFn: ({ signal }) => staffApi<StaffDashboard>('/api/staff/dashboard', { signal }),
    // the queues move while the page is open
    refetchInterval: 30_000,
  });

export const goLiveQueryOptions = () =>
  queryOptions({
    queryKey: [...staffKeys.all, 'go-live'] as const,
    queryFn: ({ signal }) => staffApi<GoLive>('/api/staff/go-live', { signal }),
  });
