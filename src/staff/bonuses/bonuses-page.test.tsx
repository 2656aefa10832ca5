import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BonusChangeView, BonusDraft, StaffBonus, StaffBonusList } from '../../../contract/staff-bonuses';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const COUNTS = dashboardCounts();
const SONGKRAN: BonusDraft = {
  code: 'SONGKRAN',
  name: { th: 'สงกรานต์', la: 'ສົງການ', en: 'Songkran' },
  html: { th: '<p>ฝากรับ 10%</p>', la: '<p>ຝາກຮັບ 10%</p>', en: '<p>Deposit and get 10%</p>' },
  type: 'limit',
  maxReceived: 1,
  give: { percent: 10, max: 300 },
  minDeposit: 100,
  turnover: 2,
  percentFail: 100,
  budget: 3000,
};
const row = (bonus: BonusDraft, more: Partial<StaffBonus> = {}): StaffBonus => ({
  bonus,
  offered: true,
  unbudgeted: false,
  given: 450,
  holders: 3,
  waiting: null,
  ...more,
});
const waiting = (proposedBy: string, bonus: BonusDraft): BonusChangeView => ({
  id: 7,
  kind: 'edit',
  bonus,
  budgetAdded: 10_000,
  reason: 'a bigger campaign',
  proposedBy,
  proposedAt: '2026-11-29T10:00:00.000Z',
  status: 'PENDING',
  waitsBecause: 'amount',
});
const list = (bonuses: StaffBonus[]): StaffBonusList => ({ currency: 'BAHT', bonuses, aloneLeft: 2000 });

/** An admin on the bonuses page, SONGKRAN listed; a bonus sent is answered as offered. */
async function adminOnBonuses() {
  const calls = fakeServer({
    ...signedIn('admin', 'boss'),
    'GET /api/staff/dashboard': () => [200, COUNTS],
    'GET /api/staff/bonuses': () => [200, list([row(SONGKRAN)])],
    'POST /api/staff/bonuses': () => [200, { ...waiting('staff:boss', SONGKRAN), status: 'APPLIED', waitsBecause: null }],
  });
  const user = userEvent.setup();
  await renderStaff('/staff/bonuses');
  return { calls, user };
}

describe('bonuses in the console', () => {
  it('lets an admin add a bonus, previewed as members will read it, and says it is offered', async () => {
    const { calls, user } = await adminOnBonuses();
    const table = await screen.findByRole('table', { name: 'Bonuses' });
    const line = within(table)
      .getByRole('rowheader', { name: /SONGKRAN/ })
      .closest('tr')!;
    expect(
      within(line)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10% up to 300.00', '1 in all', '100.00', '×2', '3,000.00', '450.00', '3', 'Offered', 'ChangeStop offering']);
    await user.click(screen.getByRole('button', { name: 'New bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bonus' });
    expect(within(dialog).getByText(/You may put 2,000.00 within members’ reach alone now/)).toBeInTheDocument();
    // nothing goes while the form is incomplete: each field says what it needs
    await user.click(within(dialog).getByRole('button', { name: 'Add the bonus' }));
    expect(within(dialog).getByText('Give the bonus a Thai name.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Code'), 'newyear');
    await user.type(within(dialog).getByLabelText('Name (Thai)'), 'ปีใหม่');
    await user.type(within(dialog).getByLabelText('Name (English)'), 'New year');
    await user.click(within(dialog).getByLabelText('A fixed amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '50');
    await user.type(within(dialog).getByLabelText('Budget: the most it may ever pay'), '1,500');
    await user.type(within(dialog).getByLabelText('Reason'), 'new year campaign');
    // the preview: each language's name, what it gives, the terms (the name when none)
    const english = within(dialog).getByRole('region', { name: 'English' });
    expect(within(english).getByRole('heading', { name: 'New year' })).toBeInTheDocument();
    expect(within(english).getByText('50.00')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('region', { name: 'Lao' })).getByRole('heading', { name: 'ปีใหม่' })).toBeInTheDocument();
    // each preview in its language's tag, for a screen reader (Lao is lo: la is Latin)
    expect(within(dialog).getByRole('region', { name: 'Lao' })).toHaveAttribute('lang', 'lo');
    expect(english).toHaveAttribute('lang', 'en');
    await user.click(within(dialog).getByRole('button', { name: 'Add the bonus' }));
    expect(await screen.findByText('NEWYEAR is offered to members now.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      bonus: {
        code: 'NEWYEAR',
        name: { th: 'ปีใหม่', en: 'New year' },
        type: 'limit',
        maxReceived: 1,
        give: { fixed: 50 },
        minDeposit: 0,
        turnover: 1,
        percentFail: 100,
        budget: 1500,
      },
      reason: 'new year campaign',
    });
  });

  it('sends no bonus whose name or terms hold an amount members could not read, and says how to write one', async () => {
    const { calls, user } = await adminOnBonuses();
    await user.click(await screen.findByRole('button', { name: 'New bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bonus' });
    const paste = async (label: string, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await user.type(within(dialog).getByLabelText('Code'), 'braces');
    await paste('Name (Thai)', 'รับ {money:50}');
    await paste('Name (English)', 'Get {money:50');
    await paste('Terms members read (Lao)', 'ຮັບ {money: 50}');
    await user.click(within(dialog).getByLabelText('A fixed amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '50');
    await user.type(within(dialog).getByLabelText('Budget: the most it may ever pay'), '1,500');
    await user.type(within(dialog).getByLabelText('Reason'), 'a campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Add the bonus' }));
    expect(within(dialog).getByLabelText('Name (English)')).toHaveAccessibleDescription(
      /Members cannot read \{money:50 as an amount: write \{money:50\} for 50 in the site’s currency\./,
    );
    expect(within(dialog).getByLabelText('Terms members read (Lao)')).toHaveAccessibleDescription(
      /Members cannot read \{money: 50\} as an amount/,
    );
    // the Thai name's placeholder is one
    expect(within(dialog).getByLabelText('Name (Thai)')).not.toHaveAccessibleDescription(/Members cannot read/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByLabelText('Name (English)'));
    await paste('Name (English)', 'Get {money:50}');
    await user.clear(within(dialog).getByLabelText('Terms members read (Lao)'));
    await user.click(within(dialog).getByRole('button', { name: 'Add the bonus' }));
    expect(await screen.findByText('BRACES is offered to members now.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ bonus: { name: { th: 'รับ {money:50}', en: 'Get {money:50}' } } });
  });

  it('says a change beyond the allowance waits for a second admin', async () => {
    fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/bonuses': () => [200, list([row(SONGKRAN)])],
      'PUT /api/staff/bonuses/SONGKRAN': () => [202, waiting('staff:boss', { ...SONGKRAN, budget: 13_000 })],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/bonuses');
    await user.click(await screen.findByRole('button', { name: 'Change SONGKRAN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change bonus SONGKRAN' });
    expect(within(dialog).getByLabelText('Code')).toBeDisabled();
    const budget = within(dialog).getByLabelText('Budget: the most it may ever pay');
    await user.clear(budget);
    await user.type(budget, '13000');
    await user.type(within(dialog).getByLabelText('Reason'), 'a bigger campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Save the change' }));
    expect(await screen.findByText(/The change of SONGKRAN waits for a second admin/)).toBeInTheDocument();
  });

  it('offers another admin’s waiting change to approve, and one’s own only to withdraw', async () => {
    const calls = fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/bonuses': () => [
        200,
        list([
          row(SONGKRAN, { waiting: waiting('staff:nid', SONGKRAN) }),
          row({ ...SONGKRAN, code: 'MINE' }, { waiting: waiting('staff:boss', SONGKRAN) }),
        ]),
      ],
      'POST /api/staff/bonuses/SONGKRAN/approve': () => [200, { ...waiting('staff:nid', SONGKRAN), status: 'APPLIED' }],
      'POST /api/staff/bonuses/MINE/reject': () => [200, { ...waiting('staff:boss', SONGKRAN), status: 'REJECTED' }],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/bonuses');
    const table = await screen.findByRole('table', { name: 'Bonuses' });
    const mine = within(table).getByRole('rowheader', { name: /MINE/ }).closest('tr')!;
    expect(within(mine).getByText('Waiting for another admin')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve the change of SONGKRAN' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve the change of SONGKRAN' });
    expect(within(dialog).getByText('staff:nid asked this: a bigger campaign')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve the change of SONGKRAN' }));
    expect(await screen.findByText('The change of SONGKRAN is approved and applied.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/approve'))?.body).toEqual({});
    // one's own: withdrawn, in its own words (a rejection to the server), with the reason it needs
    await user.click(within(mine).getByRole('button', { name: 'Withdraw the change of MINE' }));
    const withdraw = await screen.findByRole('alertdialog', { name: 'Withdraw the change of MINE' });
    await user.type(within(withdraw).getByRole('textbox'), 'not needed');
    await user.click(within(withdraw).getByRole('button', { name: 'Withdraw the change of MINE' }));
    expect(await screen.findByText('The change of MINE is withdrawn: nothing changed.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/MINE/reject'))?.body).toEqual({ reason: 'not needed' });
  });

  it('shows finance the bonuses with nothing to change', async () => {
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/bonuses': () => [200, list([row(SONGKRAN)])],
    });
    await renderStaff('/staff/bonuses');
    await screen.findByRole('table', { name: 'Bonuses' });
    expect(screen.queryByRole('button', { name: 'New bonus' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change|Stop offering/ })).not.toBeInTheDocument();
  });
});
