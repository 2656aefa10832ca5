import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { clientWithWallet, slotFixture, walletFixture } from '../../../tests/wallet-fixture';
// the signed-in shell registers these sentences for every screen inside it
import '../../lib/member/member-errors';
import { loadCatalogPart } from '../../lib/i18n';
import { walletKeys } from '../../lib/member/wallet-query';
import { checkTiming } from '../../ui/member/money-submission';
import { ToastRegion } from '../../ui/toast';
import { BankNameModal } from './bank-name-modal';
import { TransferModal } from './transfer-modal';
import { WithdrawModal } from './withdraw-modal';
import type { WalletView } from '../../../contract/wallet';

const wallet = walletFixture({ profile: { name: 'A' }, slots: [slotFixture('PG', true, 20), slotFixture('JOKER', false)] });

/** The money modals open from the home, which holds the member's wallet. */
const fromHome = (member: WalletView) => ({ queryClient: clientWithWallet(member) });

describe('wallet modals', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart('member');
  });

  it('transfer: offers the wallet and open accounts only, and explains each §5 rule before calling', async () => {
    const calls = fakeServer({ 'POST /api/wallet/transfer': () => [200, { message: 'SUCCESS' }] });
    const onClose = vi.fn();
    renderScreen(<TransferModal wallet={wallet} from="" to="" onClose={onClose} />, fromHome(wallet));
    const user = userEvent.setup();
    const from = await screen.findByLabelText('From');
    expect([...(from as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Select an account', 'Wallet', 'PG Soft']);
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an account.');
    await user.selectOptions(from, 'WALLET');
    await user.selectOptions(screen.getByLabelText('To'), 'WALLET');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You cannot transfer between these accounts.');
    await user.selectOptions(screen.getByLabelText('To'), 'PG');
    await user.type(screen.getByLabelText('Amount (baht)'), '0.99');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum amount is 1.00 baht.');
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText('Amount (baht)'));
    await user.type(screen.getByLabelText('Amount (baht)'), '150.5');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0]?.body).toEqual({ from: 'WALLET', to: 'PG', amount: 150.5 });
    expect(calls[0]?.headers['Idempotency-Key']).toMatch(/^web-[0-9a-f-]{36}$/);
  });

  it('transfer: shows the server’s reason and keeps the modal open', async () => {
    fakeServer({ 'POST /api/wallet/transfer': () => [400, { message: 'TRANSFER_FAIL' }] });
    const onClose = vi.fn();
    renderScreen(<TransferModal wallet={wallet} from="WALLET" to="PG" onClose={onClose} />, fromHome(wallet));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount (baht)'), '10');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The transfer failed. Your money has been returned to your wallet.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('withdraw: holds the limits of the withdraw lookup', async () => {
    const calls = fakeServer({
      'GET /api/lookup/withdraw': () => [200, { withdrawMin: 100, withdrawMax: 300, quickAmounts: [100, 200, 300] }],
      'POST /api/wallet/withdrawAll': () => [200, { message: 'SUCCESS' }],
    });
    const onClose = vi.fn();
    renderScreen(<WithdrawModal wallet={wallet} onClose={onClose} />, fromHome(wallet));
    const user = userEvent.setup();
    const amount = await screen.findByLabelText('Amount (baht)');
    await user.type(amount, '99.99');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum withdrawal is 100.00 baht.');
    await user.clear(amount);
    await user.type(amount, '300.01');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The maximum withdrawal is 300.00 baht.');
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.find((c) => c.url === '/api/wallet/withdrawAll')?.body).toEqual({ amount: 300 });
  });

  it('a refusal on the screen is said again in the language the member switches to, as the rest of the dialog', async () => {
    const thai = /[\u0e00-\u0e7f]/;
    const toThai = () =>
      act(async () => {
        await setLocale('th');
        await loadCatalogPart('member');
      });
    fakeServer({ 'GET /api/lookup/withdraw': () => [200, { withdrawMin: 100, withdrawMax: 300, quickAmounts: [100] }] });
    const user = userEvent.setup();
    const withdraw = renderScreen(<WithdrawModal wallet={wallet} onClose={vi.fn()} />, fromHome(wallet));
    await user.type(await screen.findByLabelText('Amount (baht)'), '99.99');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum withdrawal is 100.00 baht.');
    await toThai();
    expect(screen.getByRole('alert')).toHaveTextContent(thai);
    expect(screen.getByRole('alert')).not.toHaveTextContent('withdrawal');
    withdraw.unmount();

    // the server's reason too
    await setLocale('en');
    fakeServer({ 'POST /api/wallet/transfer': () => [400, { message: 'TRANSFER_FAIL' }] });
    renderScreen(<TransferModal wallet={wallet} from="WALLET" to="PG" onClose={vi.fn()} />, fromHome(wallet));
    await user.type(await screen.findByLabelText('Amount (baht)'), '10');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The transfer failed.');
    await toThai();
    expect(screen.getByRole('alert')).toHaveTextContent(thai);
    expect(screen.getByRole('alert')).not.toHaveTextContent('transfer');
  });

  it('withdraw: a member who keeps kip (Lao site) is asked and told in kip, in Lao too', async () => {
    const kip = walletFixture({ profile: { currency: 'LAK' }, wallet: { amount: 500_000 } });
    fakeServer({ 'GET /api/lookup/withdraw': () => [200, { withdrawMin: 50_000, withdrawMax: 5_000_000 }] });
    const { unmount } = renderScreen(<WithdrawModal wallet={kip} onClose={vi.fn()} />, fromHome(kip));
    const user = userEvent.setup();
    const amount = await screen.findByLabelText('Amount (kip)');
    await user.type(amount, '100');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    // whole kip, as the ledger keeps it
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum withdrawal is 50,000 kip.');
    expect(screen.queryByText(/baht/)).toBeNull();
    expect(screen.getByText('Wallet balance: 500,000 kip')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '200000.5');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Kip has no decimals: enter whole kip, like 200000.');
    unmount();

    await setLocale('la');
    await loadCatalogPart('member');
    renderScreen(<WithdrawModal wallet={kip} onClose={vi.fn()} />, fromHome(kip));
    expect(await screen.findByLabelText('ຈຳນວນເງິນ (ກີບ)')).toBeVisible();
  });

  it('a transfer or a withdrawal asks the wallet and the statement again, whatever the answer', async () => {
    fakeServer({
      'POST /api/wallet/transfer': () => [400, { message: 'TRANSFER_FAIL' }],
      'GET /api/lookup/withdraw': () => [200, { withdrawMin: 100, withdrawMax: 300, quickAmounts: [100, 200, 300] }],
      'POST /api/wallet/withdrawAll': () => [200, { message: 'SUCCESS' }],
    });
    const statementPage = ['statement', 'en', 1];
    const stale = (queryClient: QueryClient) =>
      [walletKeys.wallet, statementPage].map((key) => queryClient.getQueryState(key)?.isInvalidated);
    const user = userEvent.setup();

    const transferClient = clientWithWallet(wallet);
    transferClient.setQueryData(statementPage, { statements: [] });
    const first = renderScreen(<TransferModal wallet={wallet} from="WALLET" to="PG" onClose={vi.fn()} />, { queryClient: transferClient });
    await user.type(await screen.findByLabelText('Amount (baht)'), '10');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await screen.findByRole('alert');
    await waitFor(() => expect(stale(transferClient)).toEqual([true, true]));
    first.unmount();

    const withdrawClient = clientWithWallet(wallet);
    withdrawClient.setQueryData(statementPage, { statements: [] });
    const onClose = vi.fn();
    renderScreen(<WithdrawModal wallet={wallet} onClose={onClose} />, { queryClient: withdrawClient });
    await user.type(await screen.findByLabelText('Amount (baht)'), '100');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    await waitFor(() => expect(stale(withdrawClient)).toEqual([true, true]));
  });

  it('withdraw: asked again after its dialog closed with no answer, it says the answer is the earlier withdrawal, requested once', async () => {
    // the server's answers are lost (the connection drops) until the member asks again
    let lost = true;
    const calls = fakeServer({
      'GET /api/lookup/withdraw': () => [200, { withdrawMin: 100, withdrawMax: 300, quickAmounts: [100, 200, 300] }],
      'POST /api/wallet/withdrawAll': () => {
        if (lost) throw new TypeError('Failed to fetch');
        return [200, { message: 'SUCCESS' }];
      },
    });
    const checks = checkTiming.delaysMs;
    checkTiming.delaysMs = [0];
    const user = userEvent.setup();
    const ask = async () => {
      const onClose = vi.fn();
      const shown = renderScreen(
        <>
          <WithdrawModal wallet={wallet} onClose={onClose} />
          <ToastRegion dismissLabel="Dismiss" />
        </>,
        fromHome(wallet),
      );
      await user.type(await screen.findByLabelText('Amount (baht)'), '150');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Withdraw' }));
      return { onClose, shown };
    };
    try {
      const first = await ask();
      await screen.findByRole('alert');
      first.shown.unmount();
      lost = false;
      const again = await ask();
      await waitFor(() => expect(again.onClose).toHaveBeenCalledWith(true));
      expect(
        await screen.findByText(
          'Withdrawal requested. It is the withdrawal you asked for earlier, requested once. Please wait for the transfer to your bank.',
        ),
      ).toBeVisible();
      const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
    } finally {
      checkTiming.delaysMs = checks;
    }
  });

  it("withdraw: a kip member's quick amounts are whole kip, as the server sends them", async () => {
    const kip = walletFixture({ profile: { currency: 'LAK' }, wallet: { amount: 500_000 } });
    fakeServer({
      'GET /api/lookup/withdraw': () => [200, { withdrawMin: 50_000, withdrawMax: 5_000_000, quickAmounts: [100_000, 500_000, 1_000_000] }],
    });
    renderScreen(<WithdrawModal wallet={kip} onClose={vi.fn()} />, fromHome(kip));
    const user = userEvent.setup();
    const quick = await screen.findByRole('group', { name: 'Quick amounts' });
    await waitFor(() => expect(within(quick).getAllByRole('button')).toHaveLength(4));
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => [b.textContent, (b as HTMLButtonElement).disabled]),
    ).toEqual([
      ['All', false],
      ['100,000', false],
      ['500,000', false],
      ['1,000,000', true],
    ]);
    await user.click(within(quick).getByRole('button', { name: '100,000' }));
    expect(screen.getByLabelText('Amount (kip)')).toHaveValue('100000');
  });

  it('withdraw: shows the balance and the limits before any refusal, with "all" and quick amounts', async () => {
    const calls = fakeServer({
      'GET /api/lookup/withdraw': () => [200, { withdrawMin: 100, withdrawMax: 300, quickAmounts: [100, 200, 300] }],
      'POST /api/wallet/withdrawAll': () => [200, { message: 'SUCCESS' }],
    });
    const member = walletFixture({ wallet: { amount: 250.75 } });
    renderScreen(<WithdrawModal wallet={member} onClose={vi.fn()} />, fromHome(member));
    const user = userEvent.setup();
    expect(await screen.findByText('Wallet balance: 250.75 baht')).toBeVisible();
    expect(await screen.findByText('Minimum 100.00 baht, maximum 300.00 baht each time.')).toBeVisible();
    const amount = screen.getByLabelText('Amount (baht)');
    expect(amount).toHaveAccessibleDescription('Minimum 100.00 baht, maximum 300.00 baht each time.');
    const quick = screen.getByRole('group', { name: 'Quick amounts' });
    // the server's round amounts of the member's currency; the ones above the balance are off
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => [b.textContent, (b as HTMLButtonElement).disabled]),
    ).toEqual([
      ['All', false],
      ['100.00', false],
      ['200.00', false],
      ['300.00', true],
    ]);
    await user.click(within(quick).getByRole('button', { name: '200.00' }));
    expect(amount).toHaveValue('200');
    await user.click(within(quick).getByRole('button', { name: 'All' }));
    expect(amount).toHaveValue('250.75');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/wallet/withdrawAll')?.body).toEqual({ amount: 250.75 }));
  });

  it('withdraw: "all" stops at the maximum when the wallet holds more', async () => {
    fakeServer({ 'GET /api/lookup/withdraw': () => [200, { withdrawMin: 100, withdrawMax: 300 }] });
    renderScreen(<WithdrawModal wallet={wallet} onClose={vi.fn()} />, fromHome(wallet));
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Quick amounts' })).getByRole('button', { name: 'All' }));
    expect(screen.getByLabelText('Amount (baht)')).toHaveValue('300');
  });

  it('transfer: "all" fills in everything the chosen account holds', async () => {
    const calls = fakeServer({ 'POST /api/wallet/transfer': () => [200, { message: 'SUCCESS' }] });
    renderScreen(<TransferModal wallet={wallet} from="" to="" onClose={vi.fn()} />, fromHome(wallet));
    const user = userEvent.setup();
    const all = within(await screen.findByRole('group', { name: 'Quick amounts' })).getByRole('button', { name: 'All' });
    expect(all).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('From'), 'PG');
    await user.selectOptions(screen.getByLabelText('To'), 'WALLET');
    await user.click(all);
    expect(screen.getByLabelText('Amount (baht)')).toHaveValue('20');
    await user.selectOptions(screen.getByLabelText('From'), 'WALLET');
    await user.selectOptions(screen.getByLabelText('To'), 'PG');
    await user.click(all);
    expect(screen.getByLabelText('Amount (baht)')).toHaveValue('500');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(calls[0]?.body).toEqual({ from: 'WALLET', to: 'PG', amount: 500 }));
  });

  it('bank account name: English letters only, upper-cased', async () => {
    const calls = fakeServer({ 'PUT /api/account/bankAccountName': () => [200, { message: 'SUCCESS' }] });
    const onClose = vi.fn();
    renderScreen(<BankNameModal bankCode="KTB" current="สมชาย ใจดี" onClose={onClose} />);
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Name in English');
    await user.type(input, 'สมชาย');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the name in English letters only.');
    await user.clear(input);
    await user.type(input, ' somchai  jaidee ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' });
  });
});
