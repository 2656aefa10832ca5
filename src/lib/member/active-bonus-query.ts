import { queryOptions } from '@tanstack/react-query';
import type { ActiveBonus } from '../../../contract/bonus';
import { api } from '../api';

/** The member's active bonus (§7 check/active): the bonus page shows it, a withdrawal warns about it. */
export const activeBonusKey = ['bonus', 'active'] as const;

export const activeBonusQuery = () =>
  queryOptions({ queryKey: activeBonusKey, queryFn: () => api<ActiveBonus>('/api/bonus/check/active'), staleTime: 0 });
