import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Banners, InviteList, InviteReceived, RefundCheck, RefundList, RefundMoved } from '../../../contract/invite';
import { api } from '../../lib/api';
import { currentLocale, type Locale } from '../../lib/i18n';

/** The invite programme and cashback (§7 Invite and refund): keys and queries of the home's invite and refund parts. */

export type InvitePage = Static<typeof InviteList>;
export type InviteResult = Static<typeof InviteReceived>;
export type RefundPage = Static<typeof RefundList>;
export type RefundResult = Static<typeof RefundMoved>;
export type { Banners, RefundCheck };

/** §9: the invite and refund tables show 10 a page, from page 1. */
export const PROGRAMME_PAGE_SIZE = 10;

export const inviteKeys = {
  all: ['invite'] as const,
  list: (page: number) => ['invite', 'list', page] as const,
  banners: (lang: Locale) => ['invite', 'banners', lang] as const,
};

/** §7 POST /api/invite: the records that earned the member something, newest first; kept for offline reading. */
export const inviteListQuery = (page: number) =>
  queryOptions({
    queryKey: inviteKeys.list(page),
    queryFn: () => api<InvitePage>('/api/invite', { body: { page, limit: PROGRAMME_PAGE_SIZE } }),
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

export const refundKeys = {
  all: ['refund'] as const,
  check: (lang: Locale) => ['refund', 'check', lang] as const,
  list: (page: number) => ['refund', 'list', page] as const,
  banners: (lang: Locale) => ['refund', 'banners', lang] as const,
};

/** §7 GET /api/refund/check: whether there is a refund (the widget shows only then), the conditions and amounts. */
export const refundCheckQuery = () => {
  const lang = currentLocale();
  return queryOptions({
    queryKey: refundKeys.check(lang),
    queryFn: () => api<RefundCheck>(`/api/refund/check?lang=${lang}`),
    staleTime: 0,
  });
};

/** §7 POST /api/refund: the refund logs, newest period first. */
export const refundListQuery = (page: number) =>
  queryOptions({
    queryKey: refundKeys.list(page),
    queryFn: () => api<RefundPage>('/api/refund', { body: { page, limit: PROGRAMME_PAGE_SIZE } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const refundBannersQuery = () => {
  const lang = currentLocale();
  return queryOptions({
    queryKey: refundKeys.banners(lang),
    queryFn: () => api<Banners>(`/api/refund/banners?lang=${lang}`),
    staleTime: 0,
    meta: { persist: false },
  });
};
