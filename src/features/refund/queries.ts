import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Banners, RefundCheck, RefundList, RefundMoved } from '../../../contract/invite';
import { api } from '../../lib/api';
import { currentLocale, type Locale } from '../../lib/i18n';

/** Cashback (§7 Invite and refund): keys and queries of the home's refund widget and modal. */

export type RefundPage = Static<typeof RefundList>;
export type RefundResult = Static<typeof RefundMoved>;
export type { RefundCheck };

/** §9: the refund table shows 10 a page, from page 1. */
export const REFUND_PAGE_SIZE = 10;

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
    queryFn: () => api<RefundPage>('/api/refund', { body: { page, limit: REFUND_PAGE_SIZE } }),
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
