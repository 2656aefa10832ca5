import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Banners, InviteList, InviteReceived } from '../../../contract/invite';
import { api } from '../../lib/api';
import { currentLocale, type Locale } from '../../lib/i18n';

/** The invite programme (§7 Invite and refund): keys and queries of the home's invite widget and modal. */

export type InvitePage = Static<typeof InviteList>;
export type InviteResult = Static<typeof InviteReceived>;
export type { Banners };

/** §9: the invite table shows 10 a page, from page 1. */
export const INVITE_PAGE_SIZE = 10;

export const inviteKeys = {
  all: ['invite'] as const,
  list: (page: number) => ['invite', 'list', page] as const,
  banners: (lang: Locale) => ['invite', 'banners', lang] as const,
};

/** §7 POST /api/invite: the records that earned the member something, newest first; kept for offline reading. */
export const inviteListQuery = (page: number) =>
  queryOptions({
    queryKey: inviteKeys.list(page),
    queryFn: () => api<InvitePage>('/api/invite', { body: { page, limit: INVITE_PAGE_SIZE } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** §2: opening the invite modal first asks for the operator's banners, in the member's language. */
export const inviteBannersQuery = () => {
  const lang = currentLocale();
  return queryOptions({
    queryKey: inviteKeys.banners(lang),
    queryFn: () => api<Banners>(`/api/invite/banners?lang=${lang}`),
    staleTime: 0,
    meta: { persist: false },
  });
};

/** The member's invite link (§2, §9): the register page with PR and the profile id. */
export const inviteLink = (origin: string, profileId: number | string) => `${origin}/register?code=PR${profileId}`;
