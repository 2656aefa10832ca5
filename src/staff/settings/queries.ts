import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditPage } from '../../../contract/staff';
import type { SettingEntry, SettingList, SettingPutBody } from '../../../contract/staff-settings';
import { isApiError } from '../../lib/http';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

const settingsKey = [...staffKeys.all, 'settings'] as const;

/** Every setting with its value and JSON Schema (GET /api/staff/settings, admins). */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => staffApi<SettingList>('/api/staff/settings', { signal }),
  });

/** One setting's changes, newest first (the CLI's and the console's). */
export const settingHistoryQueryOptions = (key: string) =>
  queryOptions({
    queryKey: [...settingsKey, key, 'history'] as const,
    queryFn: ({ signal }) => staffApi<AuditPage>(`/api/staff/settings/${encodeURIComponent(key)}/history`, { signal }),
  });

/** A second admin's decision on a waiting change (two-admin settings); the list and the history are asked again, also after a 409. */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: settingsKey });
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: 'approve' | 'reject'; reason?: string }) =>
      staffApi<SettingEntry>(`/api/staff/settings/proposals/${id}/${action}`, { method: 'POST', body: reason ? { reason } : {} }),
    onSuccess: refresh,
    onError: (err) => {
      if (isApiError(err) && err.status === 409) refresh();
    },
  });
}

/** Saves one setting; the list and its history are asked again. */
export function useSaveSetting(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingPutBody) => staffApi<SettingEntry>(`/api/staff/settings/${encodeURIComponent(key)}`, { method: 'PUT', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
