import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertChannelBody, AlertChannelName, AlertRulesBody, AlertSettings, AlertTestResult } from '../../../contract/staff-alerts';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

const alertsKey = [...staffKeys.all, 'alerts'] as const;

/** The channels (no token, only whether one is set), the rules, the language and the alerts open (GET /api/staff/alerts, admins). */
export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: alertsKey,
    queryFn: ({ signal }) => staffApi<AlertSettings>('/api/staff/alerts', { signal }),
  });

/** Saves one channel; the screen shows what the server then holds. */
export function useSaveChannel(channel: AlertChannelName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertChannelBody) => staffApi<AlertSettings>(`/api/staff/alerts/channels/${channel}`, { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(alertsKey, data),
  });
}

/** Saves the rules and the language. */
export function useSaveRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRulesBody) => staffApi<AlertSettings>('/api/staff/alerts/rules', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(alertsKey, data),
  });
}

/** One test message now; the channel's last error is asked again whatever it came to. */
export function useSendTest(channel: AlertChannelName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffApi<AlertTestResult>(`/api/staff/alerts/channels/${channel}/test`, { method: 'POST', body: {} }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
