import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SlipListResponse } from '../../../contract/deposit';
import type { MemberEvent } from '../../../contract/member-events';
import type { WalletView } from '../../../contract/wallet';
import { moneyMovedKeys, slipKeys } from './statement-keys';
import { walletKeys } from './wallet-query';
import { activeBonusKey, bonusListKey } from './active-bonus-query';

/**
 * What a live member event (contract/member-events.ts) changes in the query cache. The wallet's, the
 * statement's and the slip list's keys are statement-keys.ts's; the others are the features' own
 * (['qrcode', provider], ['chat', 'unread', who]) and this file only names their first parts.
 */
export const liveKeys = {
  qrcode: ['qrcode'] as const,
  chatUnread: ['chat', 'unread'] as const,
  /** a code paid while its view was open: what the view shows instead of the code */
  qrPaid: (qrcodeId: string) => ['qr-paid', qrcodeId] as const,
  /** the bonus feature's keys (the list, the active bonus, the cancel minimum) */
  bonus: ['bonus'] as const,
  /** the bonus list (each language's) and the active bonus: what a money movement can change in them */
  bonusTerms: [bonusListKey, activeBonusKey] as const,
};

/** The window event each live member event is also dispatched as (its detail: the MemberEvent), for the screens that tell of it besides the cache. */
export const MEMBER_EVENT_DOM = 'wallet:member-event';

export interface QrPaid {
  amount: number;
}

/** The paid state of one code, written only by a `qr` PAID event (never asked of the server, never kept). */
export const qrPaidQuery = (qrcodeId: string) =>
  queryOptions<QrPaid | null>({
    queryKey: liveKeys.qrPaid(qrcodeId),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    meta: { persist: false },
  });

/** The money shown moved: the balance and the statement are asked again. */
function moneyMoved(queryClient: QueryClient) {
  for (const queryKey of moneyMovedKeys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Money moved by a live event: besides the balance and the statement, the bonus list and the active bonus,
 * whose terms read the money (a daily bonus is claimable after a deposit, not after a withdrawal since the
 * latest deposit): the bonus page open while a deposit is credited offers the claim at once. Not the cancel
 * minimum, which asks every game provider (cached 30 s on purpose), and not on catchUp's polling.
 */
function moneyMovedLive(queryClient: QueryClient) {
  moneyMoved(queryClient);
  for (const queryKey of liveKeys.bonusTerms) void queryClient.invalidateQueries({ queryKey });
}

/** Applies one event to the cache; unknown kinds are ignored (a newer server). */
export function applyMemberEvent(queryClient: QueryClient, event: MemberEvent): void {
  switch (event.kind) {
    case 'credit':
    case 'adjustment':
    case 'withdraw':
    case 'transfer':
      return moneyMovedLive(queryClient);
    case 'slip': {
      // the row turns into its result at once; the list is asked again for the rest
      queryClient.setQueriesData<SlipListResponse>({ queryKey: slipKeys.all }, (old) =>
        old
          ? {
              ...old,
              slips: old.slips.map((s) =>
                s.reference === event.reference ? { ...s, status: event.status, note: event.note, amount: event.amount } : s,
              ),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: slipKeys.all });
      if (event.status === 'SUCCESS') moneyMovedLive(queryClient);
      return;
    }
    case 'qr': {
      if (event.status === 'PAID') {
        queryClient.setQueryData(qrPaidQuery(event.qrcodeId).queryKey, { amount: event.amount } as QrPaid);
        moneyMovedLive(queryClient);
      }
      // the code is closed either way: its view must not offer it for payment again
      void queryClient.invalidateQueries({ queryKey: liveKeys.qrcode });
      return;
    }
    case 'chat':
      void queryClient.invalidateQueries({ queryKey: liveKeys.chatUnread });
      return;
    case 'bonus':
      // ended by our staff: the bonus page and the withdrawal's warning no longer hold, the statement has the line
      void queryClient.invalidateQueries({ queryKey: liveKeys.bonus });
      return moneyMoved(queryClient);
  }
}

/**
 * Whether something the member waits for is still on its way (a slip being checked, a QR code open and
 * not expired, a transfer in transit): while the live channel is down, the app asks for it instead.
 */
export function somethingPending(queryClient: QueryClient, now = Date.now()): boolean {
  const cache = queryClient.getQueryCache();
  const slipChecking = cache
    .findAll({ queryKey: slipKeys.all })
    .some((q) => (q.state.data as SlipListResponse | undefined)?.slips.some((s) => s.status === 'PROCESSING'));
  const qrOpen = cache.findAll({ queryKey: liveKeys.qrcode }).some((q) => {
    const data = q.state.data as { hasQrcode?: boolean; expireIn?: number } | undefined;
    return data?.hasQrcode === true && (data.expireIn ?? 0) > now;
  });
  // the wallet view lists money on its way: a transfer waiting for its game settles or comes back
  const inTransit = (queryClient.getQueryData<WalletView>(walletKeys.wallet)?.pending ?? []).some((p) => p.kind === 'transfer');
  return slipChecking || qrOpen || inTransit;
}

/** What the app asks again while the channel is down and something is pending, and after it came back. */
export function catchUp(queryClient: QueryClient): void {
  moneyMoved(queryClient);
  void queryClient.invalidateQueries({ queryKey: slipKeys.all });
  void queryClient.invalidateQueries({ queryKey: liveKeys.qrcode });
}
