import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DepositAccount, DepositAccountList } from '../../../contract/staff-deposit-accounts';
import { dashboardCounts, depositAccount, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const COUNTS = dashboardCounts();
const BANKS = {
  banks: [
    { code: 'KBANK', slipCode: '004', nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' },
    { code: 'SCB', slipCode: '014', nameTH: 'ไทยพาณิชย์', nameEN: 'SCB', nameLA: null },
  ],
};
const KBANK = depositAccount('0481234567');
const OLD = depositAccount('0480000001', 'BAHT', '2026-11-28T03:00:00.000Z');
const NEW: DepositAccount = {
  ...KBANK,
  key: 'DEPOSIT:SCB:4051234567:BAHT',
  bankCode: 'SCB',
  nameTH: 'ไทยพาณิชย์',
  nameEN: 'SCB',
  nameLA: null,
  bankAccountNo: '4051234567',
};
const list = (pending: DepositAccountList['pending'] = null): DepositAccountList => ({ accounts: [KBANK, OLD], pending, graceHours: 24 });
const waiting = (proposedBy: string): DepositAccountList['pending'] => ({
  id: 12,
  reason: 'the new branch account',
  proposedBy,
  proposedAt: '2026-11-29T10:00:00.000Z',
  adds: [NEW],
  retires: [KBANK.key],
});
const cells = (row: HTMLElement) => [...row.children].map((c) => c.textContent);

describe('deposit accounts in the console', () => {
  it('lists the accounts with their state, and lets an admin propose a replacement that waits for a second admin', async () => {
    const calls = fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/banks': () => [200, BANKS],
      'GET /api/staff/deposit-accounts': () => [200, list()],
      'POST /api/staff/deposit-accounts': () => [200, list(waiting('staff:boss'))],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/');
    await user.click(await screen.findByRole('link', { name: 'Deposit accounts' }));
    expect(await screen.findByRole('heading', { name: 'Deposit accounts', level: 1 })).toHaveFocus();
    const table = await screen.findByRole('table', { name: 'Deposit accounts (Baht)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)).toEqual(['Kasikornbank (KBANK)', '0481234567', 'WALLET CO., LTD.', 'Active', 'ReplaceRetire']);
    expect(cells(rows[1]!).slice(0, 4)).toEqual([
      'Kasikornbank (KBANK)',
      '0480000001',
      'WALLET CO., LTD.',
      expect.stringMatching(/^Retired since Nov 28, 2026/),
    ]);
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Replace Kasikornbank 0481234567' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace Kasikornbank 0481234567' });
    expect(within(dialog).getByLabelText('Bank')).toHaveFocus();
    const propose = within(dialog).getByRole('button', { name: 'Propose the account' });
    // nothing goes while a field is missing
    expect(propose).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Bank'), 'SCB (SCB)');
    await user.type(within(dialog).getByLabelText('Account number'), '405-1-23456-7');
    await user.type(within(dialog).getByLabelText('Reason'), 'the new branch account');
    await user.click(propose);
    expect(
      await screen.findByText('The new account 4051234567 waits for a second admin. Members see it once another admin approves it.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      bankCode: 'SCB',
      bankAccountNo: '4051234567',
      bankAccountName: 'WALLET CO., LTD.',
      currency: 'BAHT',
      reason: 'the new branch account',
      retire: KBANK.key,
    });
  });

  it('shows the proposer their change waiting, to withdraw but not approve', async () => {
    fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/deposit-accounts': () => [200, list(waiting('staff:boss'))],
    });
    await renderStaff('/staff/deposit-accounts');
    const change = await screen.findByRole('region', { name: 'A change waits for a second admin' });
    expect(within(change).getByText(/Proposed by staff:boss on .*: the new branch account/)).toBeInTheDocument();
    expect(within(change).getByText('Adds SCB 4051234567 (WALLET CO., LTD., BAHT)')).toBeInTheDocument();
    expect(within(change).getByText('Retires Kasikornbank 0481234567')).toBeInTheDocument();
    expect(within(change).queryByRole('button', { name: 'Approve the account change' })).toBeNull();
    expect(within(change).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    // one change at a time
    expect(screen.getByRole('button', { name: 'Add an account' })).toBeDisabled();
  });

  it('lets a second admin approve the change, and retire an account with a reason', async () => {
    let approved = false;
    const calls = fakeServer({
      ...signedIn('admin', 'nok'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/deposit-accounts': () => [200, approved ? list() : list(waiting('staff:boss'))],
      'POST /api/staff/settings/proposals/12/approve': () => {
        approved = true;
        return [200, {}];
      },
      'POST /api/staff/deposit-accounts/retire': () => [200, list()],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/deposit-accounts');
    await user.click(await screen.findByRole('button', { name: 'Approve the account change' }));
    const approve = await screen.findByRole('alertdialog', { name: 'Approve the account change' });
    expect(within(approve).getByText('staff:boss asked this: the new branch account')).toBeInTheDocument();
    await user.click(within(approve).getByRole('button', { name: 'Approve the account change' }));
    expect(await screen.findByText('The account change is approved: members see the new account now.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'A change waits for a second admin' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retire Kasikornbank 0481234567' }));
    const retire = await screen.findByRole('alertdialog', { name: 'Retire Kasikornbank 0481234567' });
    expect(retire).toHaveTextContent('A slip of a transfer made to it up to 24 hours after now is still credited.');
    const confirm = within(retire).getByRole('button', { name: 'Retire the account' });
    expect(confirm).toBeDisabled();
    await user.type(within(retire).getByLabelText('Reason'), 'the bank froze it');
    await user.click(confirm);
    expect(await screen.findByText('Kasikornbank 0481234567 is retired: members no longer see it.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/staff/deposit-accounts/retire')?.body).toEqual({
      key: KBANK.key,
      reason: 'the bank froze it',
    });
  });

  it('shows finance the accounts and the waiting change without any action', async () => {
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/deposit-accounts': () => [200, list(waiting('staff:boss'))],
    });
    await renderStaff('/staff/deposit-accounts');
    const table = await screen.findByRole('table', { name: 'Deposit accounts (Baht)' });
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add an account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve the account change' })).toBeNull();
  });

  it('names the banks in Lao in the Lao console, in English where the operator gave no Lao name', async () => {
    fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/banks': () => [200, BANKS],
      'GET /api/staff/deposit-accounts': () => [200, list()],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/deposit-accounts', 'lo');
    const [table] = await screen.findAllByRole('table');
    expect(cells(within(table!).getAllByRole('row')[1]!)[0]).toBe('ທະນາຄານກະສິກອນໄທ (KBANK)');
    await user.click(screen.getByRole('button', { name: 'ເພີ່ມບັນຊີ' }));
    const bank = await screen.findByRole('combobox', { name: 'ທະນາຄານ' });
    await within(bank).findByRole('option', { name: 'ທະນາຄານກະສິກອນໄທ (KBANK)' });
    // no Lao name for SCB: the English one
    expect(within(bank).getByRole('option', { name: 'SCB (SCB)' })).toBeInTheDocument();
  });
});
