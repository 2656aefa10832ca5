import { describe, expect, it } from 'vitest';
import { fakeServer, testQueryClient } from '../../../tests/render';
import type { WalletView } from '../../../contract/wallet';
import { walletKeys, walletQuery } from './wallet-query';

const view = (amount: number) => ({ wallet: { amount }, slots: [] }) as unknown as WalletView;

describe('the wallet query', () => {
  it('takes the answer the sign-in form asked for once; a refetch asks the server', async () => {
    const calls = fakeServer({ 'GET /api/wallet': () => [200, view(250)] });
    const queryClient = testQueryClient();
    await queryClient.prefetchQuery(walletQuery(Promise.resolve(view(100))));
    expect(queryClient.getQueryData<WalletView>(walletKeys.wallet)?.wallet.amount).toBe(100);
    expect(calls).toHaveLength(0);
    // a live event before the screen's own query: the early answer is not given again
    await queryClient.refetchQueries({ queryKey: walletKeys.wallet });
    expect(queryClient.getQueryData<WalletView>(walletKeys.wallet)?.wallet.amount).toBe(250);
    expect(calls.map((c) => c.url)).toEqual(['/api/wallet']);
  });

  it('asks the server when the early answer brought nothing or failed', async () => {
    for (const early of [() => Promise.resolve(undefined), () => Promise.reject(new Error('no body'))]) {
      const calls = fakeServer({ 'GET /api/wallet': () => [200, view(75)] });
      const queryClient = testQueryClient();
      await queryClient.prefetchQuery(walletQuery(early()));
      expect(queryClient.getQueryData<WalletView>(walletKeys.wallet)?.wallet.amount).toBe(75);
      expect(calls).toHaveLength(1);
    }
  });
});
