import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '../../../contract/staff';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

export type AuditFilters = Pick<AuditQuery, 'actor' | 'action' | 'target'>;

/** The audit trail, newest first, a page at a time: the next page starts below the last page's smallest id. */
export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...staffKeys.all, 'audit', filters] as const,
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
      if (pageParam) query.set('before', pageParam);
      const search = query.toString();
      return staffApi<AuditPage>(`/api/staff/audit${search ? `?${search}` : ''}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => (last.more && last.rows.length ? String(Math.min(...last.rows.map((r) => r.id))) : undefined),
  });
