import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { Claimed, CouponItem, CouponList, SliceView, SpinActive, SpinResult, SpinSetup } from '../../../contract/spinwheel';
import { api } from '../../lib/api';
import { currentLocale, type Locale } from '../../lib/i18n';

export type Slice = SliceView;
export type Coupon = CouponItem;
export type Setup = Static<typeof SpinSetup>;
export type Spun = Static<typeof SpinResult>;
export type ClaimResult = Static<typeof Claimed>;

/** §9: the coupon table shows 3 a page (the server pages them the same). */
export const COUPON_PAGE_SIZE = 3;

export const spinKeys = {
  all: ['spinwheel'] as const,
  active: ['spinwheel', 'active'] as const,
  setup: (lang: Locale) => ['spinwheel', 'setup', lang] as const,
  coupons: ['spinwheel', 'coupons'] as const,
  couponPage: (page: number, lang: Locale) => ['spinwheel', 'coupons', page, lang] as const,
};

/** §2 On entry: whether the home shows the wheel's widget (kept offline, like the wallet). */
export const activeQuery = () =>
  queryOptions({
    queryKey: spinKeys.active,
    queryFn: () => api<Static<typeof SpinActive>>('/api/spinwheel/active'),
    staleTime: 0,
  });

/** The wheel's slices in the member's language and the coins to spin with; saved, so offline shows it. */
export const setupQuery = () => {
  const lang = currentLocale();
  return queryOptions({
    queryKey: spinKeys.setup(lang),
    queryFn: () => api<Setup>(`/api/spinwheel/setup?lang=${lang}`),
    staleTime: 0,
  });
};

export const couponsQuery = (page: number) => {
  const lang = currentLocale();
  return queryOptions({
    queryKey: spinKeys.couponPage(page, lang),
    queryFn: () => api<Static<typeof CouponList>>(`/api/spinwheel/coupon?page=${page}&lang=${lang}`),
    staleTime: 0,
  });
};
