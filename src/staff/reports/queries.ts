import { queryOptions } from '@tanstack/react-query';
import type { StaffReport } from '../../../contract/staff-reports';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';
import { periodQuery, type Period } from './report-period';

/** One period's report (contract/staff-reports.ts). */
export const reportQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: [...staffKeys.all, 'reports', period.from, period.to] as const,
    queryFn: ({ signal }) => staffApi<StaffReport>(`/api/staff/reports?${periodQuery(period)}`, { signal }),
  });
