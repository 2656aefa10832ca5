import { queryOptions } from '@tanstack/react-query';
import type { ActiveBonus, BonusItem, BonusList, ClearMinimum, PromotionCurrent, PromotionFound } from '../../../contract/bonus';
import { api } from '../../lib/api';
import { activeBonusKey, bonusListKey } from '../../lib/member/active-bonus-query';
import { currentLocale, type Locale } from '../../lib/i18n';

export type Bonus = BonusItem;
export type Banner = BonusItem['banners'][number];
export type { ActiveBonus, ClearMinimum, PromotionCurrent, PromotionFound };

export const bonusKeys = {
  all: ['bonus'] as const,
  list: (lang: Locale) => [...bonusListKey, lang] as const,
  active: activeBonusKey,
  minimum: ['bonus', 'minimum'] as const,
  promotion: (code: string, lang: Locale) => ['bonus', 'promotion', code, lang] as const,
  currentPromotion: (lang: Locale) => ['bonus', 'promotion-current', lang] as const,
};

/** §5: promotion codes are upper case; the code goes into the path encoded. */
export const promotionPath = (action: 'find' | 'activate', code: string) =>
  `/api/promotion/${action}/${encodeURIComponent(code.toUpperCase())}`;

/** §7 GET /api/bonus, in the member's language (kept offline like the other member data). */
export const bonusesQuery = () => {
  const lang = currentLocale();
  return queryOptions({
    queryKey: bonusKeys.list(lang),
    queryFn: () => api<BonusList>(`/api/bonus?lang=${lang}`),
    staleTime: 0,
  });
};

/**
 * Whether cancelling can succeed (§7 check/minimum), asked when the active-bonus panel shows. The
 * server syncs every game provider to answer it, so an answer is used for 30 s and not asked again on
 * tab focus; it is only a hint: the cancel itself syncs again and refuses when the balance is too high.
 */
export const clearMinimumQuery = () =>
  queryOptions({
    queryKey: bonusKeys.minimum,
    queryFn: () => api<ClearMinimum>('/api/bonus/check/minimum'),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    meta: { persist: false },
  });

/** §2 Promotion modal: one search; not kept on the device (a code found today may be gone tomorrow). */
export const promotionQuery = (code: string) => {
  const lang = currentLocale();
  return queryOptions({
    queryKey: bonusKeys.promotion(code, lang),
    queryFn: () => api<PromotionFound>(`${promotionPath('find', code)}?lang=${lang}`),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
};

/** The active promotion with its description and percentFail (§7 promotion/current), when one is active. */
export const currentPromotionQuery = () => {
  const lang = currentLocale();
  return queryOptions({
    queryKey: bonusKeys.currentPromotion(lang),
    queryFn: () => api<PromotionCurrent>(`/api/promotion/current?lang=${lang}`),
    staleTime: 0,
  });
};
