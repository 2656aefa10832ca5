import { queryOptions } from '@tanstack/react-query';
import type { ActiveBonus } from '../../../contract/bonus';
import { api } from '../api';

/** The member's active bonus (§7 check/active): the bonus page shows it, a withdrawal warns about it. */
export const activeBonusKey = ['bonus', 'active'] as const;
/** The bonus list's key, each language's under it (features/bonus/queries.ts bonusKeys.list). */
export const bonusListKey = ['bonus', 'list'] as const;

export const activeBonusQuery = () =>
  queryOptions({ queryKey: activeBonusKey, queryFn: () => api<ActiveBonus>('/api/bonus/check/active'), staleTime: 0 });
