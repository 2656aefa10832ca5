import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';

export interface Banner {
  image: string;
  html: string;
}
export interface Bonus {
  code: string;
  name: string;
  type: 'limit' | 'day' | 'week';
  maxReceived: number;
  percentFail: number;
  banners: Banner[];
  html: string;
  notice: string;
  userBonus: { _id: number; isActive: boolean; received: { updatedAt: string }[] } | null;
}
export interface ActiveBonus {
  status: boolean;
  type: string | null;
  code: string | null;
  turnover: { target: number; progress: number; remaining: number } | null;
}

export const bonusKeys = { all: ['bonus'] as const, active: ['bonus', 'active'] as const };

/** §7 GET /api/bonus, in the member's language (kept offline like the other member data). */
export const bonusesQuery = () =>
  queryOptions({
    queryKey: [...bonusKeys.all, 'list', currentLocale()] as const,
    queryFn: () => api<{ bonuses: Bonus[] }>(`/api/bonus?lang=${currentLocale()}`),
    staleTime: 0,
  });
export const activeBonusQuery = () =>
  queryOptions({ queryKey: bonusKeys.active, queryFn: () => api<ActiveBonus>('/api/bonus/check/active'), staleTime: 0 });

export const activateBonus = (code: string) => api<{ message: string; amount: number }>(`/api/bonus/activate/${encodeURIComponent(code)}`);
export const clearBonus = () => api<{ message: string }>('/api/bonus/clear');
