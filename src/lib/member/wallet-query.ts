import { queryOptions } from '@tanstack/react-query';
import type { WalletView } from '../../../contract/wallet';
import { api } from '../api';
import { writeKey } from '../storage';

/** The wallet view is read by every money screen (balance, currency) and refreshed after every movement. */
export const walletKeys = {
  wallet: ['wallet'] as const,
  credentials: (code: string) => ['wallet', 'credentials', code] as const,
};

/** The wallet with its game accounts; `last_sync` (§3) is when the server last answered it. */
export const walletQuery = () =>
  queryOptions({
    queryKey: walletKeys.wallet,
    queryFn: async () => {
      const wallet = await api<WalletView>('/api/wallet');
      await writeKey('last_sync', Date.now());
      return wallet;
    },
    staleTime: 0,
  });
