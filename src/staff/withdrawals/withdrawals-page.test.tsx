import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeCall } from '../../../tests/render';
import type { WaitingWithdrawal } from '../../../contract/staff-queues';
import { fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const member = {
  id: 7,
  phone: '0812345678',
  name: 'Somchai Jaidee',
  currency: 'BAHT' as const,
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'SOMCHAI JAIDEE',
};
const withdrawal = (id: number, over: Partial<WaitingWithdrawal> = {}): WaitingWithdrawal => ({
  id,
  member,
  amount: 2500,
  currency: 'BAHT',
  bankCode: 'KBANK',
  bankAccountNo: '1234567890',
  bankAccountName: 'SOMCHAI JAIDEE',
  createdAt: '2026-11-20T08:30:00.000Z',
  bonus: null,
  ...over,
});

async function open(rows: WaitingWithdrawal[], more: Record<string, (body: unknown) => [number, unknown]> = {}) {
  const calls = fakeServer({ ...signedIn('admin'), 'GET /api/staff/withdrawals': () => [200, { rows }], ...more });
  await renderStaff('/staff/withdrawals');
  expect(await screen.findByRole('heading', { name: 'Withdrawals waiting' })).toHaveFocus();
  await screen.findByRole('table', { name: 'Withdrawals, oldest first' });
  return calls;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('withdrawals waiting', () => {
  it('shows each row’s member, destination, amount in its currency and bonus, flagging another account and turnover left', async () => {
    const lao = { ...member, id: 9, name: 'Khamla', currency: 'LAK' as const, bankCode: 'BCEL', bankAccountNo: '0101000123' };
    await open([
      withdrawal(1, { bankCode: 'SCB', bankAccountNo: '9999999999', bonus: { name: 'Welcome 100%', turnoverLeft: 4200 } }),
      withdrawal(2, {
        member: lao,
        currency: 'LAK',
        amount: 200000,
        bankCode: 'BCEL',
        bankAccountNo: '0101000123',
        bonus: { name: 'Daily 10%', turnoverLeft: 0 },
      }),
    ]);
    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveTextContent('2,500.00');
    expect(first).toHaveTextContent('SCB 9999999999');
    expect(within(first!).getByText('Not the member’s registered account (KBANK 1234567890)')).toHaveClass('staff-flag');
    expect(within(first!).getByText(/Turnover left: 4,200.00/)).toHaveClass('staff-flag');
    expect(second).toHaveTextContent('200,000');
    expect(second).not.toHaveTextContent('200,000.00');
    expect(second).not.toHaveTextContent('Not the member’s registered account');
    expect(second).toHaveTextContent('Turnover met');
  });

  it('pays only with the bank transfer’s reference, and the row leaves the list', async () => {
    const user = userEvent.setup();
    const calls = await open([withdrawal(1)], { 'POST /api/staff/withdrawals/1/pay': () => [200, {}] });
    await user.click(screen.getByRole('button', { name: 'Pay withdrawal 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Pay withdrawal 1' });
    const submit = within(dialog).getByRole('button', { name: 'Record as paid' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Bank transfer reference'), 'FT2611');
    await user.click(submit);
    await screen.findByText('Withdrawal 1 paid: 2,500.00 to Somchai Jaidee.');
    expect(posts(calls).map((c) => [c.url, c.body])).toEqual([['/api/staff/withdrawals/1/pay', { reference: 'FT2611' }]]);
    expect(screen.getByText('No withdrawal is waiting.')).toBeInTheDocument();
  });

  it('rejects with what the member reads of why, shown as they will read it, and a reason for the audit trail', async () => {
    const user = userEvent.setup();
    const calls = await open([withdrawal(1)], { 'POST /api/staff/withdrawals/1/reject': () => [200, {}] });
    await user.click(screen.getByRole('button', { name: 'Reject withdrawal 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject withdrawal 1' });
    expect(dialog).toHaveTextContent('2,500.00 returns to Somchai Jaidee’s wallet');
    const submit = within(dialog).getByRole('button', { name: 'Reject and return the money' });
    const why = within(dialog).getByRole('combobox', { name: 'Why, as the member reads it' });
    expect(why).toHaveFocus();
    // before a choice, the field says what it wants
    expect(why).toHaveAccessibleDescription('Required: the sentence the member reads on their statement.');
    await user.type(within(dialog).getByLabelText('Reason for the audit trail'), 'Account closed');
    // the audit trail's reason alone is not enough: the member must be told why
    expect(submit).toBeDisabled();
    await user.selectOptions(why, 'The bank account cannot receive the transfer');
    expect(why).toHaveAccessibleDescription(
      'The member reads, in their language: “Your bank account could not receive the transfer (closed, frozen or a wrong number). Please contact support.”',
    );
    await user.click(submit);
    await screen.findByText('Withdrawal 1 rejected: 2,500.00 returned to Somchai Jaidee’s wallet.');
    expect(posts(calls).map((c) => c.body)).toEqual([{ reason: 'Account closed', memberReason: 'WITHDRAW_ACCOUNT_UNREACHABLE' }]);
  });

  it('in Thai, the choices and the member’s sentence are in Thai', async () => {
    const user = userEvent.setup();
    fakeServer({ ...signedIn('admin'), 'GET /api/staff/withdrawals': () => [200, { rows: [withdrawal(1)] }] });
    await renderStaff('/staff/withdrawals', 'th');
    await user.click(await screen.findByRole('button', { name: 'ปฏิเสธ รายการถอน 1' }));
    const why = screen.getByRole('combobox', { name: 'เหตุผลที่สมาชิกจะเห็น' });
    await user.selectOptions(why, 'ยังทำเทิร์นโอเวอร์โบนัสไม่ครบ');
    expect(why).toHaveAccessibleDescription('สมาชิกจะเห็นในภาษาของตนว่า: “ยังทำเทิร์นโอเวอร์ของโบนัสไม่ครบ เล่นให้ครบแล้วถอนใหม่อีกครั้ง”');
  });

  it('says so when the withdrawal was settled meanwhile, and asks for the list again', async () => {
    const user = userEvent.setup();
    let lists = 0;
    const calls = await open([withdrawal(1)], {
      'GET /api/staff/withdrawals': () => [200, { rows: lists++ ? [] : [withdrawal(1)] }],
      'POST /api/staff/withdrawals/1/pay': () => [409, { message: 'WITHDRAW_NOT_PENDING' }],
    });
    await user.click(screen.getByRole('button', { name: 'Pay withdrawal 1' }));
    await user.type(screen.getByLabelText('Bank transfer reference'), 'FT2611');
    await user.click(screen.getByRole('button', { name: 'Record as paid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This withdrawal is no longer waiting');
    expect(await screen.findByText('No withdrawal is waiting.')).toBeInTheDocument();
    // the list is asked again after the answer is shown: waited for
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/staff/withdrawals')).toHaveLength(2));
  });

  it('keeps the dialog open with the refusal when the server refuses the input', async () => {
    const user = userEvent.setup();
    await open([withdrawal(1)], { 'POST /api/staff/withdrawals/1/reject': () => [400, { message: 'REASON_REQUIRED' }] });
    await user.click(screen.getByRole('button', { name: 'Reject withdrawal 1' }));
    await user.selectOptions(screen.getByLabelText('Why, as the member reads it'), 'Another reason: the member asks support');
    await user.type(screen.getByLabelText('Reason for the audit trail'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reject and return the money' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject withdrawal 1' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give a reason of 3 to 500 characters.');
    expect(within(dialog).getByLabelText('Reason for the audit trail')).toHaveValue('abc');
  });
});
