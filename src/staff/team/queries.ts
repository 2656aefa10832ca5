import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditPage } from '../../../contract/staff';
import type { StaffAddBody, StaffOneTimePassword, StaffTeam } from '../../../contract/staff-team';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

const teamKey = [...staffKeys.all, 'team'] as const;

/** Every staff member (GET /api/staff/team, admins). */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: teamKey,
    queryFn: ({ signal }) => staffApi<StaffTeam>('/api/staff/team', { signal }),
    refetchInterval: 60_000,
  });

/** The changes a staff member's account went through, newest first (the audit trail under `staff:<username>`). */
export const staffHistoryQueryOptions = (username: string) =>
  queryOptions({
    queryKey: [...teamKey, 'history', username],
    queryFn: ({ signal }) => staffApi<AuditPage>(`/api/staff/audit?target=${encodeURIComponent(`staff:${username}`)}`, { signal }),
  });

const member = (username: string) => `/api/staff/team/${encodeURIComponent(username)}`;

/** Every change answers the list as it is after it: put in the cache at once, the history asked again. */
function useTeamCall<Vars, Answer>(call: (vars: Vars) => Promise<Answer>, teamOf: (answer: Answer) => StaffTeam) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(teamKey, teamOf(answer));
      void queryClient.invalidateQueries({ queryKey: [...teamKey, 'history'] });
    },
  });
}

export const useAddAgent = () =>
  useTeamCall(
    (body: StaffAddBody) => staffApi<StaffOneTimePassword>('/api/staff/team', { method: 'POST', body }),
    (answer) => answer.team,
  );

export const useResetAgent = () =>
  useTeamCall(
    ({ username, reason }: { username: string; reason: string }) =>
      staffApi<StaffOneTimePassword>(`${member(username)}/reset`, { method: 'POST', body: { reason } }),
    (answer) => answer.team,
  );

export const useSetDisabled = () =>
  useTeamCall(
    ({ username, disabled, reason }: { username: string; disabled: boolean; reason: string }) =>
      staffApi<StaffTeam>(`${member(username)}/${disabled ? 'disable' : 'enable'}`, { method: 'POST', body: { reason } }),
    (answer) => answer,
  );

export const useRename = () =>
  useTeamCall(
    ({ username, displayName }: { username: string; displayName: string }) =>
      staffApi<StaffTeam>(`${member(username)}/name`, { method: 'PUT', body: { displayName } }),
    (answer) => answer,
  );
