import { queryOptions } from '@tanstack/react-query';
import type { SlipImageUrl, SlipListResponse } from '../../../contract/deposit';
import type { DepositResponse, SlipResponse } from '../../../contract/lookup';
import { api } from '../../lib/api';
import { lookup } from '../../lib/lookups';
import { currentLocale } from '../../lib/i18n';

export type DepositLookup = DepositResponse;
export type SlipLookup = SlipResponse;

/** §7 deposit lookup: the accounts to transfer to (kept offline with the other lookups), named in the member's language. */
export const depositQuery = () => lookup<DepositLookup>('deposit', undefined, currentLocale());
/** The minimum deposit (in the member's currency) and the daily slip upload closing time. */
export const slipRulesQuery = (currency: 'BAHT' | 'LAK') => lookup<SlipLookup>(`slip?currency=${currency}`);

export const SLIP_PAGE_SIZE = 10;
export const slipListQuery = (page: number) =>
  queryOptions({
    queryKey: ['slips', page] as const,
    queryFn: () => api<SlipListResponse>('/api/statement/slip', { body: { page, limit: SLIP_PAGE_SIZE } }),
    staleTime: 0,
  });

/** A short-lived signed link to the member's own slip image (never cached: it expires). */
export const slipImageUrl = (reference: string) =>
  api<SlipImageUrl>(`/api/statement/slip/reference/${encodeURIComponent(reference)}`).then((r) => r.url);
