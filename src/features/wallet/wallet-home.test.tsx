import { IsRestoringProvider, type QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderScreen, setLocale, testQueryClient } from '../../../tests/render';
import { clientWithWallet, slotFixture, walletFixture } from '../../../tests/wallet-fixture';
import { loadCatalogPart } from '../../lib/i18n';
import { walletKeys, walletQuery } from '../../lib/member/wallet-query';
import { WalletHome, type HomeParts } from './wallet-home';

// the other features' parts of the home are not what these tests are about (src/routes/user/-user-home.test.tsx shows them)
const parts: HomeParts = {
  InviteLine: () => null,
  InviteWidget: () => null,
  RefundWidget: () => null,
  SpinOrElse: ({ otherwise }) => otherwise,
  DepositModal: () => null,
};

const pg = (amount: number) => slotFixture('PG', true, amount);

describe('the home brings game balances up to date on entry (§2)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  /** GET /api/wallet's first answer was read before the refresh booked the game's loss, and arrives late. */
  function lateFirstWalletAnswer(wallet = 500) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let walletAnswers = 0;
    const calls = fakeServer({
      'GET /api/wallet': async () => {
        walletAnswers += 1;
        if (walletAnswers === 1) {
          await held;
          return [200, walletFixture({ wallet: { amount: wallet }, slots: [pg(100)] })];
        }
        return [200, walletFixture({ wallet: { amount: wallet }, slots: [pg(50)] })];
      },
      'GET /api/wallet/refresh/slot': () => [200, { slots: [pg(50)] }],
      'GET /api/spinwheel/active': () => [200, { isActive: false }],
    });
    Object.assign(release, { walletCalls: () => calls.filter((c) => c.url === '/api/wallet').length });
    return release as typeof release & { walletCalls: () => number };
  }

  const settled = (queryClient: QueryClient) =>
    waitFor(() => {
      expect(queryClient.isFetching({ queryKey: walletKeys.wallet })).toBe(0);
      expect(queryClient.isMutating()).toBe(0);
    });

  it('keeps the refreshed game balance when an older wallet answer arrives after the refresh', async () => {
    // the member played away 50 of 100 in the game; the phone still shows the wallet from before
    const queryClient = clientWithWallet(walletFixture({ slots: [pg(100)] }), Date.now() - 60_000);
    const release = lateFirstWalletAnswer();
    renderScreen(<WalletHome parts={parts} />, { queryClient });
    expect(await screen.findByRole('button', { name: /^PG Soft: balance 50\.00 / })).toBeVisible();

    release();
    await settled(queryClient);
    expect(screen.getByRole('button', { name: /^PG Soft: balance 50\.00 / })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^PG Soft: balance 100\.00 / })).toBeNull();
  });

  it('keeps it too when the refresh answers while the saved copy is still being restored', async () => {
    // a reload: the route's prefetch is on its way, and the screen waits for the saved copy
    const queryClient = testQueryClient();
    const release = lateFirstWalletAnswer();
    void queryClient.prefetchQuery(walletQuery());
    let restored!: () => void;
    function Restoring({ children }: { children: ReactNode }) {
      const [restoring, setRestoring] = useState(true);
      restored = () => setRestoring(false);
      return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
    }
    renderScreen(
      <Restoring>
        <WalletHome parts={parts} />
      </Restoring>,
      { queryClient },
    );
    // the refresh answers first; the screen then subscribes while the older answer is still on its way
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    act(() => restored());
    release();

    expect(await screen.findByRole('button', { name: /^PG Soft: balance 50\.00 / })).toBeVisible();
    await settled(queryClient);
    expect(screen.getByRole('button', { name: /^PG Soft: balance 50\.00 / })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^PG Soft: balance 100\.00 / })).toBeNull();
  });

  it('takes the wallet answer already on its way, with the refreshed games, instead of asking for it again', async () => {
    // the saved wallet shows 500 + 100; meanwhile a deposit of 100 arrived and the game lost 50
    const queryClient = clientWithWallet(walletFixture({ slots: [pg(100)] }), Date.now() - 60_000);
    const release = lateFirstWalletAnswer(600);
    void queryClient.prefetchQuery(walletQuery());
    renderScreen(<WalletHome parts={parts} />, { queryClient });
    expect(await screen.findByRole('button', { name: /^PG Soft: balance 50\.00 / })).toBeVisible();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));

    release();
    expect(await screen.findByText('650.00')).toBeVisible();
    await settled(queryClient);
    expect(screen.getByRole('button', { name: /^PG Soft: balance 50\.00 / })).toBeVisible();
    expect(release.walletCalls()).toBe(1);
  });
});

describe('money on its way is in view, never as a credit (issue 21)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('says where a transfer in transit, a withdrawal and a deposit request are and what happens next', async () => {
    const wallet = walletFixture({
      wallet: { amount: 400 },
      slots: [pg(0)],
      pending: [
        { kind: 'transfer', amount: 100, from: 'WALLET', to: 'PG', createdAt: '2026-11-25T10:00:00.000Z' },
        { kind: 'withdrawal', amount: 200, from: 'WALLET', to: 'BANK', createdAt: '2026-11-25T10:01:00.000Z' },
        { kind: 'deposit_request', amount: 300, from: 'BANK', to: 'WALLET', createdAt: '2026-11-25T10:02:00.000Z' },
      ],
    });
    fakeServer({
      'GET /api/wallet': () => [200, wallet],
      'GET /api/wallet/refresh/slot': () => [200, { slots: [pg(0)] }],
      'GET /api/spinwheel/active': () => [200, { isActive: false }],
    });
    renderScreen(<WalletHome parts={parts} />, { queryClient: clientWithWallet(wallet, Date.now()) });
    const list = await screen.findByRole('region', { name: 'On its way' });
    expect(list).toHaveTextContent('100.00 baht on its way to PG Soft. If the game does not take it, it comes back to your wallet.');
    expect(list).toHaveTextContent('Withdrawal of 200.00 baht to your bank: waiting to be paid.');
    expect(list).toHaveTextContent('Deposit request of 300.00 baht: waiting for staff to confirm. It is not in your balance yet.');
  });
});

describe('game balances: spared on entry, asked when the member asks (issue 22)', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('on entry asks the refresh a provider may answer from a moment ago; "Refresh all" asks every provider afresh', async () => {
    const wallet = walletFixture({ slots: [pg(50)] });
    const calls = fakeServer({
      'GET /api/wallet': () => [200, wallet],
      'GET /api/wallet/refresh/slot': () => [200, { slots: [pg(50)] }],
      'GET /api/spinwheel/active': () => [200, { isActive: false }],
    });
    const refreshes = () => calls.filter((c) => c.url.startsWith('/api/wallet/refresh/slot')).map((c) => c.url);
    renderScreen(<WalletHome parts={parts} />, { queryClient: clientWithWallet(wallet, Date.now()) });
    await waitFor(() => expect(refreshes()).toEqual(['/api/wallet/refresh/slot']));

    const refreshAll = await screen.findByRole('button', { name: 'Refresh all' });
    await waitFor(() => expect(refreshAll).toBeEnabled());
    act(() => refreshAll.click());
    await waitFor(() => expect(refreshes()).toEqual(['/api/wallet/refresh/slot', '/api/wallet/refresh/slot?fresh=1']));
  });
});
