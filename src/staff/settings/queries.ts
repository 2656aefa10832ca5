import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditPage } from '../../../contract/staff';
import type { SettingEntry, SettingList, SettingPutBody } from '../../../contract/staff-settings';
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

/** Saves one setting; the list and its history are asked again. */
export function useSaveSetting(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingPutBody) => staffApi<SettingEntry>(`/api/staff/settings/${encodeURIComponent(key)}`, { method: 'PUT', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
