import { queryOptions } from '@tanstack/react-query';
import type { QrOutcome, QrProvider, QrState, SlipImageUrl, SlipListResponse } from '../../../contract/deposit';
import type { DepositResponse, SlipResponse } from '../../../contract/lookup';
import { api } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';
import { moneyLookup } from '../../lib/lookups';
import { liveKeys } from '../../lib/member/live-cache';
import { slipKeys } from '../../lib/member/statement-keys';

export type DepositLookup = DepositResponse;
export type SlipLookup = SlipResponse;

/** §7 deposit lookup: the accounts to transfer to, named in the member's language, asked again each time the modal opens (lib/lookups.ts moneyLookup). */
export const depositQuery = () => moneyLookup<DepositLookup>('deposit', { lang: currentLocale() });
/** The minimum deposit (in the member's currency) and the daily slip upload closing time. */
export const slipRulesQuery = (currency: 'BAHT' | 'LAK') => moneyLookup<SlipLookup>('slip', { currency });

export const SLIP_PAGE_SIZE = 10;
export const slipListQuery = (page: number) =>
  queryOptions({
    queryKey: slipKeys.page(page),
    queryFn: () => api<SlipListResponse>('/api/statement/slip', { body: { page, limit: SLIP_PAGE_SIZE } }),
    staleTime: 0,
  });

/** A short-lived signed link to the member's own slip image (never cached: it expires). */
export const slipImageUrl = (reference: string) =>
  api<SlipImageUrl>(`/api/statement/slip/reference/${encodeURIComponent(reference)}`).then((r) => r.url);

export const qrKeys = { all: liveKeys.qrcode, one: (p: QrProvider) => [...liveKeys.qrcode, p] as const };
/** The member's open code of one provider: never kept offline (an expired code is no use) and never stale. */
export const qrQuery = (provider: QrProvider) =>
  queryOptions({
    queryKey: qrKeys.one(provider),
    queryFn: () => api<QrState>(`/api/qrcode/${provider}`),
    staleTime: 0,
    meta: { persist: false },
  });

/** No open code, keeping the maximum the server last answered (GET /api/qrcode/{provider}). */
export const noCode = (old: QrState | undefined): QrState => ({ hasQrcode: false, maximum: old?.maximum });

export { qrPaidQuery } from '../../lib/member/live-cache';

/**
 * What became of a code this view showed once it is no longer open here (issue 38): paid while the phone
 * was offline, or its countdown ran out offline. Asked when the phone is online; never kept.
 */
export const qrOutcomeQuery = (qrcodeId: string) =>
  queryOptions({
    queryKey: [...qrKeys.all, 'outcome', qrcodeId] as const,
    queryFn: () => api<QrOutcome>(`/api/qrcode/code/${encodeURIComponent(qrcodeId)}`),
    staleTime: 0,
    retry: false,
    meta: { persist: false },
  });
