import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffPromotion, StaffPromotionList } from '../../../contract/staff-promotions';
import { dashboardCounts, fakeServer, renderStaff, signedIn } from '../../../tests/render-staff';

const COUNTS = dashboardCounts();
const promotion = (code: string, more: Partial<StaffPromotion> = {}): StaffPromotion => ({
  code,
  description: { th: 'รับ 100 บาท', la: 'ຮັບ 100 ບາດ', en: 'Get 100 baht' },
  give: { fixed: 100 },
  minDeposit: 0,
  turnover: 2,
  percentFail: 100,
  totalUses: 20,
  used: 3,
  reach: 2000,
  offered: true,
  waiting: null,
  ...more,
});
const waitingBy = (proposedBy: string): StaffPromotion['waiting'] => ({
  because: 'amount',
  proposedBy,
  proposedAt: '2026-12-01T10:00:00.000Z',
  reason: 'shop opening',
});
const list = (promotions: StaffPromotion[]): StaffPromotionList => ({ currency: 'BAHT', promotions, aloneLeft: 2000 });
/** A row's cells as read, by its code. */
const cellsOf = (table: HTMLElement, code: string) =>
  within(
    within(table)
      .getByRole('rowheader', { name: new RegExp(code) })
      .closest('tr')!,
  )
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('promotion codes in the console', () => {
  it('shows each code with its uses and the most it may pay, and lets an admin stop one with a reason', async () => {
    const calls = fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/promotions': () => [
        200,
        list([
          promotion('OPENING'),
          promotion('VIP', {
            description: { th: 'สิบ', la: 'ສິບ', en: '<p>Ten <img src=x onerror="alert(1)">percent</p>' },
            give: { percent: 10, max: 500 },
            totalUses: null,
            reach: null,
            minDeposit: 300,
            offered: false,
          }),
        ]),
      ],
      'POST /api/staff/promotions/OPENING/stop': () => [200, { code: 'OPENING', offered: false }],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/promotions');
    const table = await screen.findByRole('table', { name: 'Promotion codes' });
    // what members read, cleaned: no script of an operator's text runs in the console
    expect(cellsOf(table, 'OPENING')).toEqual(['Get 100 baht', '100.00', '0.00', '×2', '3 of 20', '2,000.00', 'Offered', 'Stop offering']);
    // made with the CLI with no limit, and stopped: nothing to do but read it
    expect(cellsOf(table, 'VIP')).toEqual([
      'Ten percent',
      '10% up to 500.00',
      '300.00',
      '×2',
      '3 of no limit',
      'No limit (CLI)',
      'Not offered',
      '',
    ]);
    expect(table.querySelector('img')).not.toHaveAttribute('onerror');
    await user.click(screen.getByRole('button', { name: 'Stop offering OPENING' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop offering OPENING' });
    // a stop needs a reason: nothing goes without one
    expect(within(dialog).getByRole('button', { name: 'Stop offering OPENING' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'campaign over');
    await user.click(within(dialog).getByRole('button', { name: 'Stop offering OPENING' }));
    expect(await screen.findByText('OPENING is no longer offered. Members who hold it keep it.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/stop'))?.body).toEqual({ reason: 'campaign over' });
  });

  it('offers another admin’s waiting code to approve, with who added it and why, and one’s own only to withdraw', async () => {
    const calls = fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/promotions': () => [
        200,
        list([
          promotion('HUGE', { totalUses: 100, used: 0, reach: 10_000, offered: false, waiting: waitingBy('cli:nid') }),
          promotion('MINE', { offered: false, waiting: waitingBy('staff:boss') }),
        ]),
      ],
      'POST /api/staff/promotions/HUGE/approve': () => [200, { code: 'HUGE', offered: true }],
      'POST /api/staff/promotions/MINE/reject': () => [200, { code: 'MINE', offered: false }],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/promotions');
    const table = await screen.findByRole('table', { name: 'Promotion codes' });
    expect(cellsOf(table, 'HUGE')[6]).toBe('Waits for a second admin (cli:nid): the most it may pay is above the threshold');
    const mine = within(table).getByRole('rowheader', { name: /MINE/ }).closest('tr')!;
    expect(within(mine).getByText('Waiting for another admin')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Withdraw MINE' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve HUGE' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve HUGE' });
    expect(within(dialog).getByText('cli:nid added it: shop opening')).toBeInTheDocument();
    expect(
      within(dialog).getByText('The most it may pay is 10,000.00; it waits because the most it may pay is above the threshold.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve HUGE' }));
    expect(await screen.findByText('HUGE is approved: members can find and receive it.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/approve'))?.body).toEqual({});
    // one's own: withdrawn, in its own words (a rejection to the server)
    await user.click(within(mine).getByRole('button', { name: 'Withdraw MINE' }));
    const withdraw = await screen.findByRole('alertdialog', { name: 'Withdraw MINE' });
    await user.type(within(withdraw).getByRole('textbox'), 'typo in the code');
    await user.click(within(withdraw).getByRole('button', { name: 'Withdraw MINE' }));
    expect(await screen.findByText('MINE is withdrawn: it is not offered.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/MINE/reject'))?.body).toEqual({ reason: 'typo in the code' });
  });

  it('says so when another admin decided first, and asks for the list again', async () => {
    let asked = 0;
    fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/promotions': () => {
        asked += 1;
        return [200, list([promotion('HUGE', { offered: false, waiting: waitingBy('cli:nid') })])];
      },
      'POST /api/staff/promotions/HUGE/reject': () => [409, { message: 'PROMOTION_DECIDED' }],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/promotions');
    await user.click(await screen.findByRole('button', { name: 'Reject HUGE' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject HUGE' });
    await user.type(within(dialog).getByRole('textbox'), 'too generous');
    await user.click(within(dialog).getByRole('button', { name: 'Reject HUGE' }));
    expect(await screen.findByText(/This code no longer waits for a decision: another admin has already approved/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await expect.poll(() => asked).toBeGreaterThan(1);
  });

  it('lets an admin add a code, with the most it may pay, previewed as members will read it, and says it is offered', async () => {
    const calls = fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/promotions': () => [200, list([promotion('OPENING')])],
      'POST /api/staff/promotions': () => [200, { code: 'NEWYEAR', offered: true, waitsBecause: null }],
    });
    const user = userEvent.setup();
    await renderStaff('/staff/promotions');
    await user.click(await screen.findByRole('button', { name: 'New promotion code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promotion code' });
    expect(within(dialog).getByText(/You may put 2,000.00 within members’ reach alone now/)).toBeInTheDocument();
    // nothing goes while the form is incomplete: each field says what it needs
    await user.click(within(dialog).getByRole('button', { name: 'Add the code' }));
    expect(within(dialog).getByLabelText('What members read (Thai)')).toHaveAccessibleDescription(/Write what members read in Thai\./);
    expect(within(dialog).getByLabelText('How many members may receive it')).toHaveAccessibleDescription(
      /A whole number from 1 to 10,000,000\./,
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Code'), 'newyear');
    await user.type(within(dialog).getByLabelText('What members read (Thai)'), 'ปีใหม่ รับ 50');
    await user.click(within(dialog).getByLabelText('What members read (English)'));
    await user.paste('New year: get {money:50');
    await user.type(within(dialog).getByLabelText('Amount'), '50');
    await user.type(within(dialog).getByLabelText('How many members may receive it'), '1,000');
    expect(within(dialog).getByLabelText('How many members may receive it')).toHaveAccessibleDescription('The most it may pay: 50,000.00.');
    await user.type(within(dialog).getByLabelText('Reason'), 'new year campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Add the code' }));
    // an amount members could not read is said, and not sent
    expect(within(dialog).getByLabelText('What members read (English)')).toHaveAccessibleDescription(
      /Members cannot read \{money:50 as an amount: write \{money:50\} for 50 in the site’s currency\./,
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('What members read (English)'), '}');
    // the preview: each language's text (the Thai where none), what it gives
    const english = within(dialog).getByRole('region', { name: 'English' });
    expect(within(english).getByText('New year: get {money:50}')).toBeInTheDocument();
    expect(within(english).getByText('50.00')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('region', { name: 'Lao' })).getByText('ปีใหม่ รับ 50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add the code' }));
    expect(await screen.findByText('NEWYEAR is offered to members now.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      promotion: {
        code: 'NEWYEAR',
        description: { th: 'ปีใหม่ รับ 50', en: 'New year: get {money:50}' },
        give: { fixed: 50 },
        minDeposit: 0,
        turnover: 1,
        percentFail: 100,
        uses: 1000,
      },
      reason: 'new year campaign',
    });
  });

  it('says a code past the allowance waits for a second admin, and shows a refusal in the form', async () => {
    let answer: [number, unknown] = [409, { message: 'PROMOTION_CODE_TAKEN' }];
    fakeServer({
      ...signedIn('admin', 'boss'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/promotions': () => [200, list([])],
      'POST /api/staff/promotions': () => answer,
    });
    const user = userEvent.setup();
    await renderStaff('/staff/promotions');
    await user.click(await screen.findByRole('button', { name: 'New promotion code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promotion code' });
    await user.type(within(dialog).getByLabelText('Code'), 'HUGE');
    await user.type(within(dialog).getByLabelText('What members read (Thai)'), 'ใหญ่');
    await user.click(within(dialog).getByLabelText('A percentage of the deposit, up to a maximum'));
    await user.type(within(dialog).getByLabelText('Percent'), '10');
    await user.type(within(dialog).getByLabelText('Maximum'), '500');
    await user.type(within(dialog).getByLabelText('How many members may receive it'), '100');
    expect(within(dialog).getByLabelText('How many members may receive it')).toHaveAccessibleDescription('The most it may pay: 50,000.00.');
    // every field right but the reason: it says so, at the reason and below the form, and sends nothing
    await user.type(within(dialog).getByLabelText('Reason'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Add the code' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(/Give a reason of 3 to 500 characters\./);
    expect(within(dialog).getByLabelText('Reason')).toBeInvalid();
    expect(within(dialog).getByText('Some fields need a change: see above.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), 'a big campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Add the code' }));
    expect(await within(dialog).findByText(/A promotion with this code exists already/)).toBeInTheDocument();
    answer = [202, { code: 'HUGE', offered: false, waitsBecause: 'amount' }];
    await user.click(within(dialog).getByRole('button', { name: 'Add the code' }));
    expect(await screen.findByText(/HUGE waits for a second admin/)).toBeInTheDocument();
  });

  it('shows finance the codes with nothing to change, and the description in Lao in Lao', async () => {
    fakeServer({
      ...signedIn('finance'),
      'GET /api/staff/dashboard': () => [200, COUNTS],
      'GET /api/staff/promotions': () => [
        200,
        list([promotion('OPENING'), promotion('HUGE', { offered: false, waiting: waitingBy('cli:nid') })]),
      ],
    });
    await renderStaff('/staff/promotions', 'lo');
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'ລະຫັດໂປຣໂມຊັ່ນໃໝ່' })).not.toBeInTheDocument();
    expect(cellsOf(table, 'OPENING')[0]).toBe('ຮັບ 100 ບາດ');
    expect(screen.queryByRole('button', { name: /OPENING|HUGE/ })).not.toBeInTheDocument();
  });

  it('is not on an agent’s menu, and tells an agent who opens it that it is not theirs', async () => {
    fakeServer({ ...signedIn('agent'), 'GET /api/staff/dashboard': () => [200, COUNTS] });
    await renderStaff('/staff/promotions');
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Promotion codes');
    expect(screen.queryByRole('link', { name: 'Promotion codes' })).not.toBeInTheDocument();
  });
});
