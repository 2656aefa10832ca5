import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Slot, WalletView } from '../../../contract/wallet';
import { api } from '../api';
import { writeKey } from '../storage';

/** The wallet view is read by every money screen (balance, currency) and refreshed after every movement. */
export const walletKeys = {
  wallet: ['wallet'] as const,
  credentials: (code: string) => ['wallet', 'credentials', code] as const,
};

/** The game accounts the last balance refresh brought, and when it answered (`performance.now()`), per query client. */
const refreshedSlots = new WeakMap<QueryClient, { slots: Slot[]; at: number }>();

/**
 * The game balances a refresh (GET /api/wallet/refresh/slot) has just asked of the providers and booked. A
 * wallet answer asked for before then, still on its way, may carry older ones: they are replaced by these
 * when it lands, so it is neither dropped nor asked again (which would keep the fresh balance waiting).
 */
export function slotsRefreshed(queryClient: QueryClient, slots: Slot[]): void {
  refreshedSlots.set(queryClient, { slots, at: performance.now() });
}

/**
 * A wallet answer this page asked for in the last 2 s (at sign-in: src/lib/signed-in-code.ts): not asked
 * again by the screen that opens next. One saved on the device (restored from an earlier visit, however
 * recent) is always asked again.
 */
export const answeredJustNow = (updatedAt: number | undefined): boolean =>
  updatedAt !== undefined && updatedAt >= performance.timeOrigin && updatedAt > Date.now() - 2_000;

/**
 * The wallet with its game accounts; `last_sync` (§3) is when the server last answered it. `early`: the answer
 * the sign-in form asked for before the app started (src/lib/early-answer.ts), asked again if it brought none.
 */
export const walletQuery = (early?: Promise<WalletView | undefined>) => {
  // used once: a later refetch with these options (a live event before the screen's own query) asks the server
  let first = early;
  return queryOptions({
    queryKey: walletKeys.wallet,
    queryFn: async ({ client }) => {
      const asked = performance.now();
      const answered = first;
      first = undefined;
      const wallet = (await answered?.catch(() => undefined)) ?? (await api<WalletView>('/api/wallet'));
      await writeKey('last_sync', Date.now());
      const refreshed = refreshedSlots.get(client);
      return refreshed && refreshed.at > asked ? { ...wallet, slots: refreshed.slots } : wallet;
    },
    staleTime: 0,
  });
};
