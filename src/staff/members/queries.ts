import { projectLang } from '../i18n';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '../../../contract/staff';
import type { MemberPage, MemberSearchResult, WaitingBonusEndList } from '../../../contract/staff-members';
import { staffApi } from '../api';
import { staffKeys } from '../session/queries';

/** The contract's search text: 2 to 64 characters. */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 64;
export const searchValid = (q: string) => q.trim().length >= SEARCH_MIN && q.trim().length <= SEARCH_MAX;

const membersKey = [...staffKeys.all, 'members'] as const;
const pageKey = (id: number, lang: string) => [...membersKey, 'page', id, lang] as const;

/** Members matching the search text, newest first (at most 50). */
export const memberSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...membersKey, 'search', q] as const,
    queryFn: ({ signal }) => staffApi<MemberSearchResult>(`/api/staff/members?q=${encodeURIComponent(q)}`, { signal }),
    enabled: searchValid(q),
  });

/** The staff "End bonus" calls waiting for a second person, bonus names in the console's language. */
export const waitingEndsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...membersKey, 'waiting-ends', lang] as const,
    queryFn: ({ signal }) => staffApi<WaitingBonusEndList>(`/api/staff/members/waiting-ends?lang=${projectLang(lang)}`, { signal }),
  });

/** One member's page: profile, balances, the latest lines, open sessions; bonus names in the console's language. */
export const memberPageQueryOptions = (id: number, lang: string) =>
  queryOptions({
    queryKey: pageKey(id, lang),
    queryFn: ({ signal }) => staffApi<MemberPage>(`/api/staff/members/${id}?lang=${projectLang(lang)}`, { signal }),
  });

/**
 * A change on a member's page (disable, enable, a session ended, the bonus ended): POST /api/staff/members/{id}/{action};
 * done, the page (and any search showing the member) is asked again.
 */
export function useMemberAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason, more }: { action: string; reason?: string; more?: Record<string, unknown> }) =>
      staffApi<unknown>(`/api/staff/members/${id}/${action}`, { method: 'POST', body: { ...(reason ? { reason } : {}), ...more } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

/** Who may disable, enable, end sessions and end a bonus (the server checks again: 403 STAFF_FORBIDDEN). */
export const mayChangeMembers = (role: StaffRole) => role === 'finance' || role === 'admin';
