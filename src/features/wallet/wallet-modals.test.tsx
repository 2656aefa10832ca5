import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, setLocale } from '../../../tests/render';
import { clientWithWallet, slotFixture, walletFixture } from '../../../tests/wallet-fixture';
// the signed-in shell registers these sentences for every screen inside it
import '../../lib/member/member-errors';
import { loadCatalogPart } from '../../lib/i18n';
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
      'GET /api/lookup/withdraw': () => [200, { withdrawMin: 100, withdrawMax: 300 }],
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
    expect(screen.getByText('Wallet balance: 500,000')).toBeVisible();
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
